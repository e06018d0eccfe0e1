// Route table: the claims of the signed-in customer (spec platform-layer §2 "claims", §4; issue
// 40, decisions 290–293). The owner's actions — create, update, submit, cancel, withdraw — each
// move the claim by the one table of CLAIM_TRANSITIONS: another move is 409
// `invalid_state_transition`, nothing changed. Another owner's claim or document answers 404,
// as an unknown one does. The insurer's actions are service functions until the back office
// (issue 39) gives them routes.
import { PaginatedSchema } from '../api-client/pagination';
import { EmptyBodySchema } from '../platform/bodies';
import {
  ClaimDocumentParamsSchema,
  ClaimDocumentSchema,
  ClaimDocumentUploadQuerySchema,
  ClaimListQuerySchema,
  ClaimReasonBodySchema,
  ClaimSchema,
  CreateClaimBodySchema,
  UpdateClaimBodySchema,
} from '../platform/entities/claim';
import { IdParamsSchema } from '../platform/params';
import { IdempotencyHeadersSchema } from './common';
import { defineRoute } from './route';

const tags = ['claims'] as const;
const area = 'customer';
const auth = 'customer';

const READ_ONE = ['validation_error', 'unauthenticated', 'not_found'] as const;
const MOVE = [...READ_ONE, 'idempotency_key_reused', 'invalid_state_transition'] as const;

export const claimContract = {
  listClaims: defineRoute({
    method: 'GET',
    area,
    path: '/claim',
    query: ClaimListQuerySchema,
    responses: { 200: PaginatedSchema(ClaimSchema) },
    errors: ['validation_error', 'unauthenticated'],
    auth,
    tags,
    summary: "The caller's claims (panel claims from clinics included), newest service first",
  }),
  createClaim: defineRoute({
    method: 'POST',
    area,
    path: '/claim',
    headers: IdempotencyHeadersSchema,
    body: CreateClaimBodySchema,
    responses: { 200: ClaimSchema },
    errors: MOVE,
    auth,
    tags,
    summary:
      "Creates a draft claim (status open) on one of the caller's policies for an insured life and a benefit of its schedule. Honours Idempotency-Key",
  }),
  getClaim: defineRoute({
    method: 'GET',
    area,
    path: '/claim/:id',
    params: IdParamsSchema,
    responses: { 200: ClaimSchema },
    errors: READ_ONE,
    auth,
    tags,
    summary: 'A claim case: amounts, documents, settlements and the history of its actions',
  }),
  updateClaim: defineRoute({
    method: 'POST',
    area,
    path: '/claim/:id/update',
    params: IdParamsSchema,
    headers: IdempotencyHeadersSchema,
    body: UpdateClaimBodySchema,
    responses: { 200: ClaimSchema },
    errors: MOVE,
    auth,
    tags,
    summary:
      'Edits a draft, or answers a request-update (a note; documents are uploaded beside it) so the claim goes back to the insurer. Honours Idempotency-Key',
  }),
  submitClaim: defineRoute({
    method: 'POST',
    area,
    path: '/claim/:id/submit',
    params: IdParamsSchema,
    headers: IdempotencyHeadersSchema,
    body: EmptyBodySchema,
    responses: { 200: ClaimSchema },
    errors: [...MOVE, 'claim_documents_missing'],
    auth,
    tags,
    summary:
      'Submits a draft to the insurer (a reimbursement needs a receipt and a payout account). Honours Idempotency-Key',
  }),
  cancelClaim: defineRoute({
    method: 'POST',
    area,
    path: '/claim/:id/cancel',
    params: IdParamsSchema,
    headers: IdempotencyHeadersSchema,
    body: ClaimReasonBodySchema,
    responses: { 200: ClaimSchema },
    errors: MOVE,
    auth,
    tags,
    summary: 'Cancels a draft that was never submitted. Honours Idempotency-Key',
  }),
  withdrawClaim: defineRoute({
    method: 'POST',
    area,
    path: '/claim/:id/withdraw',
    params: IdParamsSchema,
    headers: IdempotencyHeadersSchema,
    body: ClaimReasonBodySchema,
    responses: { 200: ClaimSchema },
    errors: MOVE,
    auth,
    tags,
    summary:
      'Withdraws a submitted claim before the insurer decides on it. Honours Idempotency-Key',
  }),
  uploadClaimDocument: defineRoute({
    method: 'POST',
    area,
    path: '/claim/:id/document',
    params: IdParamsSchema,
    // A retried upload under its key answers the stored document, not a second one.
    headers: IdempotencyHeadersSchema,
    query: ClaimDocumentUploadQuerySchema,
    responses: { 200: ClaimDocumentSchema },
    errors: [
      ...MOVE,
      'payload_too_large',
      'unsupported_media_type',
      'file_empty',
      'file_type_not_accepted',
      'file_has_script',
      'service_unavailable',
    ],
    auth,
    tags,
    summary:
      'Adds a document to a claim that is a draft or asked for an update: the body is the file itself (image/jpeg, image/png, image/heic or application/pdf, at most 10 MB)',
    description:
      'The type is checked by content, not by name; a photo loses its EXIF location; a PDF carrying JavaScript is refused.',
  }),
  getClaimDocument: defineRoute({
    method: 'GET',
    area,
    path: '/claim-document/:id',
    params: ClaimDocumentParamsSchema,
    responses: {},
    errors: [...READ_ONE, 'service_unavailable'],
    auth,
    tags,
    summary: "A document of one of the caller's claims (its bytes; private, no-store)",
  }),
} as const;
