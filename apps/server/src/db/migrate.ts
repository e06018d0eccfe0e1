import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseHandle } from './client';
import { migrateJobQueue } from '../jobs/runner';
import { serverFile } from '../server-root';

/**
 * The key of the PostgreSQL advisory lock that migrations, the data steps and seeding run under
 * (decision 260): any number of processes may start at once; one does the work, the others wait
 * for it and then find it done. A fixed 64-bit number ('clinicpass' in ASCII, truncated).
 */
export const SCHEMA_LOCK_KEY = 0x636c696e6963_7061n;

/**
 * Runs `work` holding the schema lock: a session-level `pg_advisory_lock` on a connection of its
 * own (drizzle's migrator takes none; two processes migrating at once crashed one). The lock
 * goes with the connection, so a process killed while holding it frees it.
 */
export async function withSchemaLock<T>(
  handle: Pick<DatabaseHandle, 'pool'>,
  work: () => Promise<T>,
): Promise<T> {
  const client = await handle.pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK_KEY.toString()]);
    try {
      return await work();
    } finally {
      await client
        .query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK_KEY.toString()])
        .catch((error: unknown) => {
          // Not unlocked: the connection is dropped below, which frees the lock.
          broken = error instanceof Error ? error : new Error(String(error));
        });
    }
  } finally {
    client.release(broken);
  }
}

const migrationsFolder = () => serverFile('drizzle');

/**
 * Applies the committed SQL migrations in `drizzle/`, then the job queue's own schema
 * (graphile-worker's, decision 280), under the schema lock; idempotent.
 */
export async function runMigrations(handle: Pick<DatabaseHandle, 'db' | 'pool'>): Promise<void> {
  await withSchemaLock(handle, async () => {
    await migrate(handle.db, { migrationsFolder: migrationsFolder() });
    await migrateJobQueue(handle.db);
  });
}

/**
 * How many committed migrations the database has not applied (drizzle's own rule: a migration
 * is applied when the last recorded one is not older than it). Reads only.
 */
export async function pendingMigrations(db: DatabaseHandle['db']): Promise<number> {
  const files = readMigrationFiles({ migrationsFolder: migrationsFolder() });
  const found = await db.execute<{ exists: boolean }>(
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS exists`,
  );
  if (found.rows[0]?.exists !== true) return files.length;
  const last = await db.execute<{ created_at: string | null }>(
    sql`SELECT max(created_at)::text AS created_at FROM drizzle.__drizzle_migrations`,
  );
  const applied = Number(last.rows[0]?.created_at ?? -1);
  return files.filter((file) => file.folderMillis > applied).length;
}

/** The sentence a production server on an unmigrated database stops with (decision 260). */
export function unmigratedMessage(pending: number): string {
  return `Refusing to start: the database lacks ${String(pending)} migration(s) of this version; run \`npm run db:migrate\` (in the image: \`node apps/server/dist/cli/migrate.js\`) before starting the API.`;
}

/** Creates a database on the server of `adminUrl` when it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(
        `CREATE DATABASE "${name.replaceAll('"', '""')}" ENCODING 'UTF8' TEMPLATE template0`,
      );
    }
  } finally {
    await client.end();
  }
}
