// Tables of the clinic area (decision 106): the API keys clinic counters present to check a
// member's QR ticket. A key is shown once when issued; only its SHA-256 is stored, so a database
// reader cannot present it.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appUser, member, policy, servicePoint, venue } from './schema';

export const clinicApiKey = pgTable(
  'clinic_api_key',
  {
    id: serial('id').primaryKey(),
    /** The clinic (venue) the key was issued to. */
    venueId: integer('venue_id')
      .notNull()
      .references(() => venue.id, { onDelete: 'cascade' }),
    /** Who or what the key is for, e.g. "Central counter 1" (operators' listing). */
    label: text('label').notNull(),
    /** The key's first characters (`cpk_` + 8), for operators to recognise it; not a secret. */
    keyPrefix: text('key_prefix').notNull(),
    /** SHA-256 (hex) of the whole key. */
    keyHash: text('key_hash').notNull().unique(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('clinic_api_key_venue_idx').on(t.venueId)],
);

/**
 * Clinic staff (issue 18): an account of the identity service bound to the venues it acts for.
 * An account with at least one binding has the clinic role; a customer has none.
 */
export const clinicUserVenue = pgTable(
  'clinic_user_venue',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venue.id, { onDelete: 'cascade' }),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.venueId] }),
    index('clinic_user_venue_venue_idx').on(t.venueId),
  ],
);

/**
 * A visit a clinic recorded for a member (not for a token): a consultation opened before and
 * closed after it with the amount charged, or a body check (one step). Kind `consultation` or
 * `body-check`; status `open`, `closed`, `closed_unpaid` (still open when its Hong Kong day
 * ended) or `void` (an operator's correction).
 */
export const clinicVisit = pgTable(
  'clinic_visit',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policy.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venue.id),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    /** Hong Kong date of the visit. */
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    servicePointId: integer('service_point_id').references(() => servicePoint.id),
    amountCharged: numeric('amount_charged', { precision: 10, scale: 2, mode: 'number' }),
    memberPrice: numeric('member_price', { precision: 10, scale: 2, mode: 'number' }),
    openedByUserId: uuid('opened_by_user_id').references(() => appUser.id, {
      onDelete: 'set null',
    }),
    openedByKeyId: integer('opened_by_key_id').references(() => clinicApiKey.id, {
      onDelete: 'set null',
    }),
    closedByUserId: uuid('closed_by_user_id').references(() => appUser.id, {
      onDelete: 'set null',
    }),
    closedByKeyId: integer('closed_by_key_id').references(() => clinicApiKey.id, {
      onDelete: 'set null',
    }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** An operator's note on a correction. */
    note: text('note'),
    updateDate: timestamp('update_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clinic_visit_member_idx').on(t.memberId, t.visitDate),
    index('clinic_visit_policy_idx').on(t.policyId, t.visitDate),
    index('clinic_visit_open_idx')
      .on(t.visitDate)
      .where(sql`${t.status} = 'open'`),
    uniqueIndex('clinic_visit_one_open_idx')
      .on(t.memberId, t.venueId)
      .where(sql`${t.kind} = 'consultation' AND ${t.status} = 'open'`),
    uniqueIndex('clinic_visit_one_body_check_idx')
      .on(t.memberId, t.visitDate)
      .where(sql`${t.kind} = 'body-check' AND ${t.status} <> 'void'`),
  ],
);

/** Every verification and recording step (audit): who, where, which ticket type, the outcome; never the number. */
export const clinicVerificationLog = pgTable(
  'clinic_verification_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venue.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => appUser.id, { onDelete: 'set null' }),
    keyId: integer('key_id').references(() => clinicApiKey.id, { onDelete: 'set null' }),
    /** `verify`, `open-visit`, `close-visit` or `body-check`. */
    step: text('step').notNull(),
    /** `qr` (token) or `number` (typed). */
    method: text('method').notNull(),
    ticketType: text('ticket_type'),
    outcome: text('outcome').notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('clinic_verification_log_venue_idx').on(t.venueId, t.createDate)],
);
