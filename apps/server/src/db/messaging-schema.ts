// The outbox of SMS and email (decision 281): a request stores the message here, sealed, in the
// transaction of its write, with a job that delivers it; the job marks it sent or failed.
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const outgoingMessage = pgTable(
  'outgoing_message',
  {
    id: uuid('id').primaryKey(),
    channel: text('channel').notNull(),
    /** Recipient, subject, texts and language, sealed with AES-256-GCM (the outbox key). */
    sealed: text('sealed').notNull(),
    /** pending → sent, or failed once the job's attempts are used up. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** What the last failed attempt answered (a status or error code; never the message). */
    lastError: text('last_error'),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
  },
  (t) => [index('outgoing_message_pending_idx').on(t.status, t.createdAt)],
);
