import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseHandle } from './client';
import { serverFile } from '../server-root';
import { convertTicketNumberHashes } from '../modules/outpatient/visit.service';

/** Applies the committed SQL migrations in `drizzle/`; safe to run on every start. */
export async function runMigrations(db: DatabaseHandle['db']): Promise<void> {
  await migrate(db, { migrationsFolder: serverFile('drizzle') });
}

/**
 * Data steps that need the server secret, which SQL migrations cannot see: ticket numbers
 * stored as a bare SHA-256 become HMAC(SECRET_KEY, SHA-256) (decision 184). Idempotent; run
 * after the migrations on every start and by `npm run db:migrate`.
 */
export async function runDataSteps(
  db: DatabaseHandle['db'],
  secretKey: string,
): Promise<{ ticketNumbers: number }> {
  return { ticketNumbers: await convertTicketNumberHashes(db, secretKey) };
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
