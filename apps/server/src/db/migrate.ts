import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseHandle } from './client';
import { migrateJobQueue } from '../jobs/runner';
import { serverFile } from '../server-root';

/**
 * Applies the committed SQL migrations in `drizzle/`, then the job queue's own schema
 * (graphile-worker's, decision 280); safe to run on every start.
 */
export async function runMigrations(db: DatabaseHandle['db']): Promise<void> {
  await migrate(db, { migrationsFolder: serverFile('drizzle') });
  await migrateJobQueue(db);
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
