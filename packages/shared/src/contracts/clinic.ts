// Route table: the clinic side (issue 18). The clinic area (`/api/clinic`) answers a signed-in
// clinic staff member (bound to venues) or a counter's clinic key (decision 106): who the caller
// is, verifying a ticket by QR token or typed number, and the recording steps (open a visit,
// close it with the amount charged, record a body check). The owner's visit list of a policy
// lives in the customer area.
import { PaginatedSchema } from '../api-client/pagination';
import { IdParamsSchema } from '../platform/params';
import { PageOnlyQuerySchema } from '../platform/queries';
import {
  ClinicCloseVisitBodySchema,
  ClinicMeSchema,
  ClinicRecordResultSchema,
  ClinicTicketBodySchema,
  ClinicVerificationSchema,
  ClinicVerifyBodySchema,
  PolicyVisitSchema,
} from '../schemas/clinic';
import { IdempotencyHeadersSchema } from './common';
import { clinicContract as clinicKeyContract } from './outpatient';
import { defineRoute } from './route';

const tags = ['Clinic'] as const;
const area = 'clinic';
const auth = 'clinic';

/** Who may be refused on every clinic route. */
const CALLER_ERRORS = [
  'unauthenticated',
  'forbidden',
  'clinic_key_missing',
  'clinic_key_invalid',
  'clinic_key_revoked',
  'limit_exceeded',
] as const;

/** What a recording step may answer besides the caller's refusals. */
const RECORD_ERRORS = [
  'validation_error',
  'not_found',
  'ticket_not_accepted',
  'idempotency_key_reused',
  ...CALLER_ERRORS,
] as const;

export const clinicContract = {
  /** The clinic key's ticket check (decision 106), kept for existing counters. */
  ...clinicKeyContract,
  getMe: defineRoute({
    method: 'GET',
    area,
    path: '/me',
    responses: { 200: ClinicMeSchema },
    errors: CALLER_ERRORS,
    auth,
    tags,
    summary: 'The clinic caller (staff member or clinic key) and the venues it acts for',
  }),
  verify: defineRoute({
    method: 'POST',
    area,
    path: '/ticket/verify',
    body: ClinicVerifyBodySchema,
    responses: { 200: ClinicVerificationSchema },
    errors: ['validation_error', 'not_found', ...CALLER_ERRORS],
    auth,
    tags,
    summary: 'Verifies a ticket by QR token or typed number at this venue; records nothing',
    description:
      'Answers the outcome (valid, not_yet_effective, expired, revoked, already_used, wrong_ticket_type, not_in_network, unknown, no_open_visit, quota_used_up); for a valid ticket the masked member, plan, use and this venue’s services with prices. Failed verifications are limited per caller and per address.',
  }),
  openVisit: defineRoute({
    method: 'POST',
    area,
    path: '/visit/open',
    body: ClinicTicketBodySchema,
    headers: IdempotencyHeadersSchema,
    responses: { 200: ClinicRecordResultSchema },
    errors: RECORD_ERRORS,
    auth,
    tags,
    summary: 'Before consultation: opens the member’s visit with their consultation ticket',
  }),
  closeVisit: defineRoute({
    method: 'POST',
    area,
    path: '/visit/close',
    body: ClinicCloseVisitBodySchema,
    headers: IdempotencyHeadersSchema,
    responses: { 200: ClinicRecordResultSchema },
    errors: [...RECORD_ERRORS, 'amount_above_member_price'],
    auth,
    tags,
    summary: 'After consultation: closes the open visit with the service and the amount charged',
  }),
  recordBodyCheck: defineRoute({
    method: 'POST',
    area,
    path: '/body-check',
    body: ClinicTicketBodySchema,
    headers: IdempotencyHeadersSchema,
    responses: { 200: ClinicRecordResultSchema },
    errors: RECORD_ERRORS,
    auth,
    tags,
    summary: 'Records the member’s body check: the next one follows the 12-month rule',
  }),
} as const;

/** The owner's visit list of a policy (customer area; the portal builds its screen on it). */
export const policyVisitsContract = {
  listPolicyVisits: defineRoute({
    method: 'GET',
    area: 'customer',
    path: '/policy/:id/visits',
    params: IdParamsSchema,
    query: PageOnlyQuerySchema,
    responses: { 200: PaginatedSchema(PolicyVisitSchema) },
    errors: ['validation_error', 'unauthenticated', 'not_found'],
    auth: 'customer',
    tags: ['policies'],
    summary: 'The visits and body checks recorded for the members of a policy, newest first',
  }),
} as const;
