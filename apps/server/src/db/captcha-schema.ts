// The captcha's single-use record (decision 090): one row per accepted challenge, keyed by its
// signature, kept until the challenge would have expired anyway. Every server process checks
// here, so a solved payload is accepted once whichever process sees it.
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const captchaUse = pgTable(
  'captcha_use',
  {
    /** The challenge's HMAC signature (hex): unique per challenge. */
    signature: text('signature').primaryKey(),
    /** When the challenge expires; the row can go after that. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('captcha_use_expires_idx').on(t.expiresAt)],
);
