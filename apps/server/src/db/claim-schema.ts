// Claims (issue 40, decisions 290–294): the claim case, its history of actions, its settlements
// (the cash-ledger events "claim payout" and "claim refund"), its documents and, for documents
// kept in PostgreSQL, their bytes in chunks. A claim is the one record of what a member used.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clinicVisit } from './clinic-schema';
import { policyParty } from './platform-schema';
import { member, policy, venue } from './schema';

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

export const claim = pgTable(
  'claim',
  {
    id: serial('id').primaryKey(),
    claimNumber: text('claim_number').notNull().unique(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policy.id),
    /** The insured life: a party of the policy (role insured-life), when the policy has parties. */
    insuredPartyId: integer('insured_party_id').references(() => policyParty.id),
    /** The card member the claim is for, when the policy has member cards (panel claims). */
    memberId: integer('member_id').references(() => member.id),
    type: text('type').notNull(),
    cause: text('cause').notNull(),
    status: text('status').notNull(),
    benefit: text('benefit').notNull(),
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    serviceEndDate: date('service_end_date', { mode: 'string' }),
    surgerySize: text('surgery_size'),
    roomClass: text('room_class'),
    units: numeric('units', { precision: 12, scale: 2, mode: 'number' }).notNull().default(1),
    description: text('description'),
    amountClaimed: money('amount_claimed').notNull(),
    amountApproved: money('amount_approved'),
    amountPaid: money('amount_paid').notNull().default(0),
    /** A panel claim's clinic and visit (settled to the clinic). */
    venueId: integer('venue_id').references(() => venue.id),
    visitId: integer('visit_id').references(() => clinicVisit.id),
    payoutBankCode: text('payout_bank_code'),
    payoutAccountNumber: text('payout_account_number'),
    payoutHolderName: text('payout_holder_name'),
    preApprovalClaimId: integer('pre_approval_claim_id').references((): AnyPgColumn => claim.id),
    /** The staff member handling the claim (the back office, issue 39). */
    assigneeStaffId: text('assignee_staff_id'),
    requestNote: text('request_note'),
    /** The language the owner last used on the claim: its messages are in it (decision 294). */
    language: text('language').notNull().default('en'),
    submitDate: timestamp('submit_date', { withTimezone: true }),
    paidDate: timestamp('paid_date', { withTimezone: true }),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    updateDate: timestamp('update_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('claim_policy_idx').on(t.policyId, t.serviceDate),
    index('claim_member_idx').on(t.memberId, t.serviceDate),
    uniqueIndex('claim_visit_idx')
      .on(t.visitId)
      .where(sql`${t.visitId} IS NOT NULL`),
  ],
);

/** Every action taken on a claim: the move, who (actor kind and person) and when. */
export const claimAction = pgTable(
  'claim_action',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claim.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorKind: text('actor_kind').notNull(),
    /** The customer's user id, the clinic's venue id, or the staff member's id. */
    actorId: text('actor_id').notNull(),
    /** The staff member's role, for an insurer's action. */
    actorRole: text('actor_role'),
    note: text('note'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('claim_action_claim_idx').on(t.claimId, t.id)],
);

/** Money moved by a settled claim: the cash-ledger events `claim-payout` and `claim-refund`. */
export const claimSettlement = pgTable(
  'claim_settlement',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claim.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amount: money('amount').notNull(),
    payee: text('payee').notNull(),
    venueId: integer('venue_id').references(() => venue.id),
    accountMasked: text('account_masked'),
    settledOn: date('settled_on', { mode: 'string' }).notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('claim_settlement_claim_idx').on(t.claimId)],
);

/** A document of a claim; its bytes are in the storage named by `storage` under `storage_key`. */
export const claimDocument = pgTable(
  'claim_document',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claim.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** `postgres` or `s3`. */
    storage: text('storage').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedByKind: text('uploaded_by_kind').notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('claim_document_claim_idx').on(t.claimId)],
);

/** The bytes of a document kept in PostgreSQL, in chunks of at most 256 KiB (decision 293). */
export const storedObjectChunk = pgTable(
  'stored_object_chunk',
  {
    objectKey: text('object_key').notNull(),
    sequence: integer('sequence').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.objectKey, t.sequence] })],
);
