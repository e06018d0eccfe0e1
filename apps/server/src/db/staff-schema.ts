// The back office's staff (issue 39, decision 295): accounts apart from customers (`app_user`),
// their short sessions, and the audit log — append-only for every role, by trigger (migration
// 0014), so not even the app's own role can change or remove a row.
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

export const staffUser = pgTable(
  'staff_user',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lowercased. */
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    /** argon2id; null for a person who signs in only through single sign-on (decision 328). */
    passwordHash: text('password_hash'),
    /** The authenticator's secret (base32), sealed with a key derived from SECRET_KEY; null: SSO only. */
    totpSealed: text('totp_sealed'),
    /** The last TOTP time step accepted, so a code is used once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The second factor after the password (decision 304): `totp` or `sms`. */
    secondFactor: text('second_factor').notNull().default('totp'),
    /** Where `sms` codes go (E.164); null for an authenticator or single sign-on only. */
    phoneNumber: text('phone_number'),
    roles: text('roles').array().notNull(),
    /** Raised by every change of roles or of `disabled_at`: sessions of an older one are ended. */
    rolesVersion: integer('roles_version').notNull().default(1),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    /** The identity provider and its subject, once the person has signed in through it. */
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
  },
  (table) => [unique('staff_user_oidc_unique').on(table.oidcIssuer, table.oidcSubject)],
);

export const staffSession = pgTable(
  'staff_session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUser.id, { onDelete: 'cascade' }),
    /** Keyed hash of the cookie's token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    rolesVersion: integer('roles_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_session_staff_idx').on(t.staffId)],
);

export const staffAudit = pgTable(
  'staff_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** `staff` (the back office) or `operator` (a CLI command run `--as` someone). */
    actorKind: text('actor_kind').notNull(),
    /** The staff account; null for an operator. No foreign key: the log outlives accounts. */
    actorId: uuid('actor_id'),
    /** The staff member's email, or the operator's name. */
    actor: text('actor').notNull(),
    roles: text('roles').array().notNull(),
    action: text('action').notNull(),
    targetKind: text('target_kind'),
    targetId: text('target_id'),
    /** The target's fields before and after, personal ones masked. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    requestId: text('request_id'),
  },
  (t) => [
    index('staff_audit_at_idx').on(t.at),
    index('staff_audit_target_idx').on(t.targetKind, t.targetId),
  ],
);

/** Tables `db:seed --force` leaves alone: the audit log is never emptied. */
export const APPEND_ONLY_TABLES: readonly string[] = ['staff_audit'];
