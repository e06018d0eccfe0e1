// The content of a seeded database, table by table: every row as PostgreSQL writes it (the row's
// text form), sorted, with what differs from one run to the next replaced by stable labels: the
// random ids of users (named by their email), salted password hashes, and the instants the
// database or the clock stamped while seeding. seed-content.test.ts hashes it; written out whole
// (`formatSeedContent`) it is the dump to compare before and after a change to the seed.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';

/** Each table's rows (and the sequences' positions, under `(sequences)`), normalised and sorted. */
export type SeedContent = Record<string, string[]>;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const ARGON2 = /\$argon2[a-z]*\$[^"\\]*/g;
// A timestamp as PostgreSQL writes it (`2026-05-20 03:00:00.123+00`) or as JSON holds it (ISO).
const TIMESTAMP = /\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}(?::?\d{2})?)/g;

function instantOf(stamp: string): number {
  const iso = stamp.replace(' ', 'T');
  return Date.parse(/[+-]\d{2}$/.test(iso) ? `${iso}:00` : iso);
}

/**
 * Reads every table of the public schema. Timestamps at or after `seededFrom` (the wall-clock
 * instant the seed started) become `<now>`; seeded ones (fixed times of the seeding day) stay.
 */
export async function readSeedContent(db: Database, seededFrom: Date): Promise<SeedContent> {
  const floor = seededFrom.getTime() - 1000;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL TIME ZONE 'UTC'`);
    const users = (
      await tx.execute<{ id: string; email: string }>(sql`SELECT id::text, email FROM app_user`)
    ).rows;
    const label = new Map(users.map((u) => [u.id, `<user ${u.email}>`]));
    const normalise = (text: string) =>
      text
        .replace(UUID, (id) => label.get(id) ?? id)
        .replace(ARGON2, '<argon2>')
        .replace(TIMESTAMP, (stamp) => (instantOf(stamp) >= floor ? '<now>' : stamp));
    const tables = (
      await tx.execute<{ tablename: string }>(
        sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
      )
    ).rows.map((row) => row.tablename);
    const content: SeedContent = {};
    for (const table of tables) {
      const rows = (
        await tx.execute<{ row: string }>(sql.raw(`SELECT t::text AS row FROM "${table}" t`))
      ).rows;
      content[table] = rows.map((row) => normalise(row.row)).sort();
    }
    const sequences = (
      await tx.execute<{ name: string }>(
        sql`SELECT sequencename AS name FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
      )
    ).rows.map((row) => row.name);
    content['(sequences)'] = [];
    for (const name of sequences) {
      const [position] = (
        await tx.execute<{ last: string; called: boolean }>(
          sql.raw(`SELECT last_value::text AS last, is_called AS called FROM "${name}"`),
        )
      ).rows;
      content['(sequences)'].push(`${name} ${position?.last ?? '?'} ${String(position?.called)}`);
    }
    return content;
  });
}

/** Per table: the number of rows and the first 16 hex digits of the SHA-256 of its sorted rows. */
export function hashSeedContent(content: SeedContent): Record<string, string> {
  return Object.fromEntries(
    Object.entries(content).map(([table, rows]) => [
      table,
      `${rows.length} ${createHash('sha256').update(rows.join('\n')).digest('hex').slice(0, 16)}`,
    ]),
  );
}

/** The whole content as text, a table after another: the dump to diff. */
export function formatSeedContent(content: SeedContent): string {
  return Object.entries(content)
    .map(([table, rows]) => [`-- ${table}`, ...rows].join('\n'))
    .join('\n');
}
