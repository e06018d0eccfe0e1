// Identity service and session service state. Everything that several server processes must
// agree on (codes, attempt counts, sessions, revocations, rate counters, lockouts) lives here,
// never in process memory. Secrets are stored only as hashes: codes and refresh tokens as
// HMAC-SHA256 with the server secret, passwords as argon2id.
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { appUser } from './schema';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The last passwords of a user (argon2id), newest first by `created_at`; the current one too. */
export const identityPasswordHistory = pgTable(
  'identity_password_history',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('identity_password_history_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A one-time code: MFA at sign-in, password reset, first-time password set, phone
 * verification; or a simulated one (a hash of a random value no code matches) for an email
 * without an account, so its wrong guesses are counted and answered like a real code's. `attempts` is raised before a comparison, so parallel guesses cannot exceed the
 * limit; `used_at` is set once, so only one use wins.
 */
export const identityCode = pgTable(
  'identity_code',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for a simulated code (an email without an account, decision 041). */
    userId: uuid('user_id').references(() => appUser.id, { onDelete: 'cascade' }),
    /** For a simulated code: the keyed hash of the lowercased email it was "sent" to. */
    emailKey: text('email_key'),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    /** For an MFA challenge: the hash of the challenge session handed to the client. */
    challengeHash: text('challenge_hash'),
    /** Purpose data that is not secret, e.g. the phone number being verified. */
    payload: jsonb('payload').$type<Record<string, string>>(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('identity_code_user_purpose_idx').on(t.userId, t.purpose),
    index('identity_code_challenge_idx').on(t.challengeHash),
    index('identity_code_email_purpose_idx').on(t.emailKey, t.purpose),
  ],
);

/** A signed-in session: access tokens name it (`sid`), refresh tokens belong to it. */
export const identitySession = pgTable(
  'identity_session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('identity_session_user_idx').on(t.userId)],
);

/** Rotating refresh tokens; a rotated token used again revokes its whole session. */
export const identityRefreshToken = pgTable(
  'identity_refresh_token',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => identitySession.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: at('expires_at').notNull(),
    rotatedAt: at('rotated_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('identity_refresh_token_session_idx').on(t.sessionId)],
);

/** Fixed-window counters: requests per client address, code sends per account. */
export const identityRateCounter = pgTable(
  'identity_rate_counter',
  {
    key: text('key').notNull(),
    windowStart: at('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Sign-in failures per email (known or not; keyed by an HMAC of the email). */
export const identitySignInFailure = pgTable('identity_sign_in_failure', {
  emailKey: text('email_key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: at('last_failure_at').notNull(),
  lockedUntil: at('locked_until'),
});

/** Messages "sent" when no SMTP or SMS transport is configured (read at `/dev/outbox`). */
export const outboxMessage = pgTable(
  'outbox_message',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('outbox_message_created_idx').on(t.createdAt)],
);

/** Session service: a browser's device/session id and the code it was answered with. */
export const deviceSession = pgTable('device_session', {
  id: text('id').primaryKey(),
  code: text('code').notNull(),
  createdAt: at('created_at').notNull(),
  lastSeenAt: at('last_seen_at').notNull(),
});
