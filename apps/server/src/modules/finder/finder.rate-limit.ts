// A @fastify/rate-limit store whose counters live in PostgreSQL (decision 013), so every API
// process counts the same requests: one atomic upsert per request, fixed windows timed by the
// database clock. The write skips the WAL flush (asynchronous commit): losing the last
// fraction of a second of counters in a crash is harmless, waiting for a disk flush on every
// search is not.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** Expired rows are swept about once every this many requests. */
const SWEEP_EVERY = 1000;

export async function hitCounter(
  db: Database,
  key: string,
  timeWindowMs: number,
): Promise<{ current: number; ttl: number }> {
  // One statement, one round trip: set_config(…, true) turns synchronous_commit off for this
  // statement's own transaction.
  const result = await db.execute<{ count: number; ttl: number }>(sql`
    INSERT INTO finder_rate_limit AS c (key, count, reset_at)
    SELECT ${key}, 1, now() + make_interval(secs => ${timeWindowMs / 1000})
    FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN c.reset_at <= now() THEN 1 ELSE c.count + 1 END,
      reset_at = CASE WHEN c.reset_at <= now() THEN excluded.reset_at ELSE c.reset_at END
    RETURNING c.count,
      GREATEST(0, ceil(extract(epoch FROM c.reset_at - now()) * 1000))::int AS ttl`);
  const row = result.rows[0];
  return { current: row?.count ?? 1, ttl: row?.ttl ?? timeWindowMs };
}

export async function sweepCounters(db: Database): Promise<void> {
  await db.execute(sql`DELETE FROM finder_rate_limit WHERE reset_at < now()`);
}

/** A store class bound to a database, as @fastify/rate-limit constructs stores itself. */
export function postgresRateLimitStore(db: Database, prefix: string): FastifyRateLimitStoreCtor {
  let calls = 0;
  class PostgresStore implements FastifyRateLimitStore {
    // @fastify/rate-limit passes its options here; the prefix is fixed by the closure.
    private readonly keyPrefix = prefix;

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      calls += 1;
      if (calls % SWEEP_EVERY === 0) void sweepCounters(db).catch(() => undefined);
      hitCounter(db, `${this.keyPrefix}:${key}`, timeWindow).then(
        (result) => {
          callback(null, result);
        },
        (error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }

    child(): FastifyRateLimitStore {
      // Every finder route shares one counter per address.
      return this;
    }
  }
  return PostgresStore;
}
