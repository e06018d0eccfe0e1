// The network import's quarantine (issue 41, decision 300): the rows of an import file that could
// not be written, with their cells and what was wrong, kept until a later import of the same
// source writes them (fixed) or leaves them out of a full file. One row per source and row key
// (the row's service point id, else its venue id, else where it was in the file).
import { jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export interface QuarantinedIssue {
  column: string;
  problem: string;
  expected: string;
}

export const networkImportQuarantine = pgTable(
  'network_import_quarantine',
  {
    id: serial('id').primaryKey(),
    source: text('source').notNull(),
    /** The service point id of the row, else its venue id, else `where`. */
    rowKey: text('row_key').notNull(),
    /** The file it came from and where in it ("line 12", "feature 3"). */
    fileName: text('file_name').notNull(),
    rowWhere: text('row_where').notNull(),
    /** The row's template cells (latitude / longitude included), as read. */
    cells: jsonb('cells').$type<Record<string, string>>().notNull(),
    issues: jsonb('issues').$type<QuarantinedIssue[]>().notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull(),
    updateDate: timestamp('update_date', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('network_import_quarantine_source_key_idx').on(t.source, t.rowKey)],
);
