// The claim case (spec platform-layer §3, §4, §6; issue 40, decisions 290–294): its type and
// cause, the policy and insured life, the service and dates, the amounts claimed, approved and
// paid, its documents, settlements and the history of actions with who took them and when.
// Bodies and the list query of the customer's claim routes sit here too.
import { z } from 'zod';
import {
  CashLedgerEventKindSchema,
  ClaimActionSchema,
  ClaimActorKindSchema,
  ClaimCauseSchema,
  ClaimDocumentKindSchema,
  ClaimStatusSchema,
  ClaimTypeSchema,
  RoomClassSchema,
  SurgerySizeSchema,
} from '../enums';
import { PAGE_FIELDS, PolicyNumberSchema, commaList, wholeNumber } from '../query-fields';
import { DateSchema, IdSchema, MoneySchema, TimestampSchema } from './common';

/** The largest amount a claim may name, HK$ (a sanity bound, decision 291). */
export const CLAIM_AMOUNT_MAX = 10_000_000;
/** The longest note or description a claim takes. */
export const CLAIM_NOTE_MAX = 2000;

/** A document of a claim, as the owner sees it (its bytes at `url`, private, no-store). */
export const ClaimDocumentSchema = z.object({
  id: IdSchema,
  kind: ClaimDocumentKindSchema,
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int().nonnegative(),
  url: z.string(),
  create_date: TimestampSchema,
});
export type ClaimDocument = z.infer<typeof ClaimDocumentSchema>;

/** One step of the claim's history: the action, the move, who took it (kind and person), when. */
export const ClaimHistoryEntrySchema = z.object({
  action: ClaimActionSchema,
  from_status: ClaimStatusSchema.nullable(),
  to_status: ClaimStatusSchema,
  actor_kind: ClaimActorKindSchema,
  /** The person: `customer`, the clinic's name, or the insurer's staff role (never a staff id). */
  actor: z.string(),
  note: z.string().nullable(),
  create_date: TimestampSchema,
});
export type ClaimHistoryEntry = z.infer<typeof ClaimHistoryEntrySchema>;

/** Money a settled claim moved: a payout (to the owner or the clinic) or a refund (back). */
export const ClaimSettlementSchema = z.object({
  id: IdSchema,
  kind: CashLedgerEventKindSchema.extract(['claim-payout', 'claim-refund']),
  amount: MoneySchema,
  payee: z.enum(['customer', 'medical-provider']),
  /** The owner's account, masked (`***-***-1234`); null for a clinic. */
  account_masked: z.string().nullable(),
  settled_on: DateSchema,
});
export type ClaimSettlement = z.infer<typeof ClaimSettlementSchema>;

export const ClaimSchema = z.object({
  id: IdSchema,
  claim_number: z.string(),
  type: ClaimTypeSchema,
  cause: ClaimCauseSchema,
  status: ClaimStatusSchema,
  policy_id: IdSchema,
  policy_number: z.string(),
  /** The insured life (a party of the policy) the claim is for. */
  insured_life: z.object({ id: IdSchema, name_en: z.string(), name_zh: z.string().nullable() }),
  /** The benefit of the policy's schedule the service claims against. */
  benefit: z.string(),
  service_date: DateSchema,
  service_end_date: DateSchema.nullable(),
  surgery_size: SurgerySizeSchema.nullable(),
  room_class: RoomClassSchema.nullable(),
  /** Visits, days or checks in the benefit's unit (1 by default). */
  units: z.number(),
  description: z.string().nullable(),
  currency: z.literal('HKD'),
  amount_claimed: MoneySchema,
  amount_approved: MoneySchema.nullable(),
  amount_paid: MoneySchema,
  /** Where a panel claim was served (the clinic it is settled to). */
  venue: z.object({ id: IdSchema, name_en: z.string(), name_zh: z.string() }).nullable(),
  payout_account_masked: z.string().nullable(),
  /** What the insurer last asked of the owner (a request-update's note), while it stands. */
  request_note: z.string().nullable(),
  /** The actions the owner may take now. */
  customer_actions: z.array(ClaimActionSchema),
  documents: z.array(ClaimDocumentSchema),
  settlements: z.array(ClaimSettlementSchema),
  history: z.array(ClaimHistoryEntrySchema),
  submit_date: TimestampSchema.nullable(),
  create_date: TimestampSchema,
  update_date: TimestampSchema,
});
export type Claim = z.infer<typeof ClaimSchema>;

// ---------------------------------------------------------------- bodies and query

const Note = z.string().trim().min(1).max(CLAIM_NOTE_MAX);
const Amount = z.number().positive().max(CLAIM_AMOUNT_MAX);
/** A Hong Kong bank account for the payout: bank code (3 digits) and account (6–17 digits). */
export const PayoutAccountSchema = z.object({
  bank_code: z.string().regex(/^\d{3}$/, 'must be 3 digits'),
  account_number: z.string().regex(/^\d{6,17}$/, 'must be 6–17 digits'),
  holder_name: z.string().trim().min(1).max(120),
});
export type PayoutAccount = z.input<typeof PayoutAccountSchema>;

/** The claim types an owner may file in the portal (a panel claim comes from the clinic). */
export const CUSTOMER_CLAIM_TYPES = [
  'reimbursement',
  'pre-approval',
  'death',
  'critical-illness',
  'disability',
  'third-party-settlement',
  'pre-approval-settlement',
] as const;

const ClaimFields = {
  cause: ClaimCauseSchema,
  insured_life_id: IdSchema,
  benefit: z.string().trim().min(1).max(60),
  service_date: DateSchema,
  service_end_date: DateSchema.optional(),
  surgery_size: SurgerySizeSchema.optional(),
  room_class: RoomClassSchema.optional(),
  units: z.number().positive().max(366).optional(),
  description: z.string().trim().max(CLAIM_NOTE_MAX).optional(),
  amount_claimed: Amount,
  payout_account: PayoutAccountSchema.optional(),
  /** The pre-approval this claim settles (type `pre-approval-settlement`). */
  pre_approval_claim_id: IdSchema.optional(),
};

export const CreateClaimBodySchema = z
  .object({ type: z.enum(CUSTOMER_CLAIM_TYPES), policy_id: IdSchema, ...ClaimFields })
  .strict();
export type CreateClaimBody = z.input<typeof CreateClaimBodySchema>;

/** `update`: any field of a draft; an answer to a request-update may add only a note. */
export const UpdateClaimBodySchema = z
  .object({ ...ClaimFields, note: Note })
  .partial()
  .strict();
export type UpdateClaimBody = z.input<typeof UpdateClaimBodySchema>;

/** `withdraw` and `cancel`: an optional reason. */
export const ClaimReasonBodySchema = z.object({ note: Note.optional() }).strict();
export type ClaimReasonBody = z.input<typeof ClaimReasonBodySchema>;

export const ClaimListQuerySchema = z.object({
  policy_number: PolicyNumberSchema.optional(),
  status__in: commaList(ClaimStatusSchema).optional(),
  type__in: commaList(ClaimTypeSchema).optional(),
  ...PAGE_FIELDS,
});
export type ClaimListQuery = z.input<typeof ClaimListQuerySchema>;

/** `{id}` of a claim document. */
export const ClaimDocumentParamsSchema = z.object({ id: wholeNumber(1) });

/** The upload's query: what the document is and its file name (the body is the file itself). */
export const ClaimDocumentUploadQuerySchema = z.object({
  kind: ClaimDocumentKindSchema,
  file_name: z
    .string()
    .trim()
    .min(1)
    .max(200)
    // eslint-disable-next-line no-control-regex -- a file name never holds a control character
    .regex(/^[^/\\\u0000-\u001f]+$/, 'must be a plain file name'),
});
