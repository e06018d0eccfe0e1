// Members' reports of wrong details on the finder's cards, and the service points they flag
// (issue 19, migration 0009, decision 192). No personal data beyond the note: the reporter's
// address is kept only as an HMAC with SECRET_KEY, to count distinct addresses.
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { servicePoint } from './schema';

export const directoryReport = pgTable(
  'directory_report',
  {
    id: serial('id').primaryKey(),
    servicePointId: integer('service_point_id')
      .notNull()
      .references(() => servicePoint.id, { onDelete: 'cascade' }),
    /** wrong_phone, moved_or_closed, price_differs, doctor_left, other */
    kind: text('kind').notNull(),
    note: text('note'),
    addressHash: text('address_hash').notNull(),
    /** open, resolved, rejected */
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('directory_report_open_idx')
      .on(t.servicePointId, t.createdAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** A service point flagged by reports until an operator resolves or rejects them. */
export const directoryFlag = pgTable('directory_flag', {
  servicePointId: integer('service_point_id')
    .primaryKey()
    .references(() => servicePoint.id, { onDelete: 'cascade' }),
  flaggedAt: timestamp('flagged_at', { withTimezone: true }).notNull(),
});
