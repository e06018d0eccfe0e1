import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

/**
 * The one database handle of the server (decision 170): the pool's database or a transaction
 * on it, so every repository and service function runs alike inside or outside a transaction.
 */
export type Database = PgDatabase<NodePgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  /** The pool's database: a `Database`, which the migrator also takes (not a transaction). */
  db: NodePgDatabase<typeof schema>;
  pool: pg.Pool;
  close(): Promise<void>;
}

// PostgreSQL `date` columns stay 'YYYY-MM-DD' strings (Hong Kong calendar dates), never Date
// objects shifted by the process time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export function connectDatabase(url: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // Nor a checked-out client whose server goes away between two queries of a transaction (the
  // pool listens only to idle ones): unheard, that 'error' event ended the process. Its next
  // query fails, and the pool drops the broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = drizzle({ client: pool, schema });
  return { db, pool, close: () => pool.end() };
}
