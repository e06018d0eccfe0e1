// Tables of the member-card work: QR tickets, member view tokens, shared card links and the
// failure counters of the member look-up. Every token is stored only as a SHA-256 hash: a
// database reader cannot present a QR code or open a card.
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { member, policy } from './schema';

/** A QR ticket issued to a member: `visit`, `payment` or `body-check`. */
export const outpatientTicket = pgTable(
  'outpatient_ticket',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** SHA-256 (hex) of the opaque token carried by the QR code. */
    tokenHash: text('token_hash').notNull().unique(),
    /**
     * Rows issued before issue 18 only: SHA-256 (hex) of the number printed under the QR code,
     * until the data step at start moves it to `numberKey` (decision 184); null afterwards.
     */
    numberHash: text('number_hash').unique(),
    /** HMAC-SHA256 (SECRET_KEY, hex) of the SHA-256 of the number: the counter's look-up key. */
    numberKey: text('number_key').unique('outpatient_ticket_number_key_idx'),
    /** Hong Kong date from which the ticket can be used. */
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    /** Hong Kong date after which the ticket cannot be used. */
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    /** When this token stops being accepted (it is re-issued on every look-up). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outpatient_ticket_member_idx').on(t.memberId)],
);

/** The 30-minute token that lets the web show one member's card after an HKID + phone look-up. */
export const memberViewToken = pgTable(
  'member_view_token',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policy.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_view_token_member_idx').on(t.memberId)],
);

/** A link that shows one member's card (and nothing else) for 7 days, until revoked. */
export const sharedCardLink = pgTable(
  'shared_card_link',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shared_card_link_member_idx').on(t.memberId)],
);

/**
 * Failure counters shared by every server process: one row per key (client address or keyed
 * hash of the identifier), counting within a fixed window that starts at the first failure.
 */
export const lookupFailureCounter = pgTable('lookup_failure_counter', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
