// Route table: the member card (customer area): the look-up, tickets, the member summary,
// medical cards and shared card links; and the clinic counter's ticket check (clinic area).
import { z } from 'zod';
import { PolicyNumberSchema } from '../platform/query-fields';
import { OutpatientTicketQuerySchema } from '../platform/queries';
import {
  CARD_TYPES,
  MedicalCardsResponseSchema,
  MemberSummarySchema,
  MemberTicketResponseSchema,
  OpaqueTokenSchema,
  SharedCardLinkResponseSchema,
  SharedCardResponseSchema,
  TicketsResponseSchema,
} from '../schemas/outpatient';
import { MemberLookupSchema } from '../schemas/outpatient-lookup';
import { defineRoute } from './route';

const tags = ['Outpatient'] as const;

/** A body carrying one opaque token (a shared-card link, a presented QR ticket). */
export const TokenBodySchema = z.object({ token: OpaqueTokenSchema });

export const outpatientContract = {
  lookUpMember: defineRoute({
    method: 'POST',
    area: 'customer',
    path: '/outpatient/member-ticket',
    body: MemberLookupSchema,
    responses: { 200: MemberTicketResponseSchema },
    errors: [
      'validation_error',
      'not_found',
      'limit_exceeded',
      'captcha_required',
      'captcha_invalid',
      'captcha_expired',
      'captcha_used',
    ],
    auth: 'none',
    tags,
    summary: 'Member QR tickets by HKID (or member code) and applicant phone, without sign-in',
  }),
  listTickets: defineRoute({
    method: 'GET',
    area: 'customer',
    path: '/outpatient/ticket',
    query: OutpatientTicketQuerySchema,
    responses: { 200: TicketsResponseSchema },
    errors: ['validation_error', 'unauthenticated', 'invalid_token', 'not_found'],
    auth: 'customer-or-view-token',
    tags,
    summary: "A policy's tickets: its signed-in owner, or a member view token for it",
  }),
  getMember: defineRoute({
    method: 'GET',
    area: 'customer',
    path: '/outpatient/member',
    responses: { 200: MemberSummarySchema },
    errors: ['unauthenticated', 'invalid_token', 'not_found'],
    auth: 'customer-or-view-token',
    tags,
    summary: 'The member behind a member view token',
  }),
  listMedicalCards: defineRoute({
    method: 'GET',
    area: 'customer',
    path: '/policy/medical-card',
    query: z.object({
      policy_number: PolicyNumberSchema.optional(),
      card_type: z.enum(CARD_TYPES).optional(),
    }),
    responses: { 200: MedicalCardsResponseSchema },
    errors: ['validation_error', 'unauthenticated', 'invalid_token', 'not_found'],
    auth: 'customer-or-view-token',
    tags,
    summary: 'Medical cards of a policy (same access rule as tickets)',
  }),
  createSharedCardLink: defineRoute({
    method: 'POST',
    area: 'customer',
    path: '/outpatient/shared-card',
    body: z.object({ member_code: z.string().trim().min(1).max(32).optional() }).default({}),
    responses: { 200: SharedCardLinkResponseSchema },
    errors: ['validation_error', 'unauthenticated', 'invalid_token', 'not_found'],
    auth: 'customer-or-view-token',
    tags,
    summary: "A 7-day link to one member's card",
  }),
  /** The token travels in the body (not the address), so it stays out of access logs. */
  openSharedCard: defineRoute({
    method: 'POST',
    area: 'customer',
    path: '/outpatient/shared-card/open',
    body: TokenBodySchema,
    responses: { 200: SharedCardResponseSchema },
    errors: ['validation_error', 'invalid_token'],
    auth: 'token',
    tags,
    summary: 'The card behind a shared link',
  }),
  revokeSharedCard: defineRoute({
    method: 'POST',
    area: 'customer',
    path: '/outpatient/shared-card/revoke',
    body: TokenBodySchema,
    responses: {},
    errors: ['validation_error', 'invalid_token'],
    auth: 'token',
    tags,
    summary: 'Revokes a shared card link',
  }),
} as const;

export const clinicContract = {
  verifyTicket: defineRoute({
    method: 'POST',
    area: 'clinic',
    path: '/outpatient/ticket/verify',
    body: TokenBodySchema,
    responses: {},
    errors: [
      'validation_error',
      'invalid_token',
      'clinic_key_missing',
      'clinic_key_invalid',
      'clinic_key_revoked',
      'limit_exceeded',
    ],
    auth: 'clinic-key',
    tags,
    summary: 'Checks a presented QR token: refused once expired or revoked',
  }),
} as const;
