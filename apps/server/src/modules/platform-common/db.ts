// The database handle services take: the pool's database or a transaction on it.
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type * as schema from '../../db/schema';

export type Db = PgDatabase<NodePgQueryResultHKT, typeof schema>;
