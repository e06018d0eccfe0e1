// Tables of the clinic area (decision 106): the API keys clinic counters present to check a
// member's QR ticket. A key is shown once when issued; only its SHA-256 is stored, so a database
// reader cannot present it.
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { venue } from './schema';

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
