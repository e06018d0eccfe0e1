// @fastify/rate-limit stores whose counters live in PostgreSQL (decision 013), so every API
// process counts the same requests: one atomic upsert per request (`postgresRateLimitStore`, for
// low-volume routes that must count exactly), or counts batched per process and written every
// 100 ms (`batchedRateLimitStore`, for the finder); fixed windows timed by the database clock. The write skips the WAL flush (asynchronous commit): losing the last
// fraction of a second of counters in a crash is harmless, waiting for a disk flush on every
// search is not.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** Expired rows are swept about once every this many requests. */
const SWEEP_EVERY = 1000;

/** One hit counted at once: the stored total and the milliseconds left of its window. */
export async function hitCounter(
  db: Database,
  key: string,
  timeWindowMs: number,
): Promise<{ current: number; ttl: number }> {
  const stored = (await addCounts(db, [{ key, count: 1 }], timeWindowMs)).get(key);
  return { current: stored?.count ?? 1, ttl: stored?.ttl ?? timeWindowMs };
}

export async function sweepCounters(db: Database): Promise<void> {
  await db.execute(sql`DELETE FROM finder_rate_limit WHERE reset_at < now()`);
}

/** How often a process writes its finder counts to PostgreSQL (decision 013). */
export const BATCH_FLUSH_MS = 100;

interface LocalCount {
  /** This process's view of the window's total: the database's last answer plus hits since. */
  count: number;
  /** Hits not yet written to the database. */
  pending: number;
  /** When the window ends, by this process's clock (ms since the epoch). */
  resetAt: number;
}

/**
 * Adds each key's hits to its stored counter in one statement, and answers the stored totals
 * and the milliseconds left of each window.
 */
async function addCounts(
  db: Database,
  hits: { key: string; count: number }[],
  timeWindowMs: number,
): Promise<Map<string, { count: number; ttl: number }>> {
  const result = await db.execute<{ key: string; count: number; ttl: number }>(sql`
    INSERT INTO finder_rate_limit AS c (key, count, reset_at)
    SELECT hit.key, hit.count, now() + make_interval(secs => ${timeWindowMs / 1000})
    FROM unnest(
      ${sql.param(hits.map((hit) => hit.key))}::text[],
      ${sql.param(hits.map((hit) => hit.count))}::int[]
    )
      AS hit(key, count),
      (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN c.reset_at <= now() THEN excluded.count ELSE c.count + excluded.count END,
      reset_at = CASE WHEN c.reset_at <= now() THEN excluded.reset_at ELSE c.reset_at END
    RETURNING c.key, c.count,
      GREATEST(0, ceil(extract(epoch FROM c.reset_at - now()) * 1000))::int AS ttl`);
  return new Map(result.rows.map((row) => [row.key, { count: row.count, ttl: row.ttl }]));
}

/**
 * A store for busy public routes (the finder): each hit is counted in this process at once and
 * the counts reach PostgreSQL in one statement every `BATCH_FLUSH_MS`, whose answer brings
 * every other process's counts back. No request waits for the database; the limit still holds
 * across processes, give or take what they count between two writes (decision 013).
 */
export function batchedRateLimitStore(
  db: Database,
  prefix: string,
  options: { flushMs?: number; onError?: (error: unknown) => void } = {},
): { Store: FastifyRateLimitStoreCtor; close(): Promise<void> } {
  const flushMs = options.flushMs ?? BATCH_FLUSH_MS;
  // In the order their windows began (a new window moves a key to the end), so expired keys
  // are found at the front; and the keys with hits not yet written. A write visits only those:
  // with every request from a new address (a crawler spread over many), the map holds a whole
  // window's addresses, and visiting them all every 100 ms stalled every search.
  const counts = new Map<string, LocalCount>();
  const dirty = new Set<string>();
  let timeWindowMs = 60_000;
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  let calls = 0;

  const flush = async (): Promise<void> => {
    timer = undefined;
    const now = Date.now();
    for (const [key, local] of counts) {
      if (local.resetAt > now) break;
      if (local.pending === 0) counts.delete(key);
    }
    const hits: { key: string; count: number }[] = [];
    for (const key of dirty) {
      const local = counts.get(key);
      if (local === undefined || local.pending === 0) continue;
      hits.push({ key, count: local.pending });
      local.pending = 0;
    }
    dirty.clear();
    if (hits.length === 0) return;
    calls += 1;
    if (calls % SWEEP_EVERY === 0) void sweepCounters(db).catch(() => undefined);
    try {
      const stored = await addCounts(db, hits, timeWindowMs);
      const answeredAt = Date.now();
      for (const [key, total] of stored) {
        const local = counts.get(key);
        if (local === undefined) continue;
        // The stored total has every process's hits up to now; add this one's since.
        local.count = total.count + local.pending;
        local.resetAt = answeredAt + total.ttl;
      }
    } catch (error) {
      // Not written: counted again with the next write, so no hit is lost.
      for (const hit of hits) {
        const local = counts.get(hit.key);
        if (local !== undefined) {
          local.pending += hit.count;
          dirty.add(hit.key);
        }
      }
      options.onError?.(error);
      schedule();
    }
  };
  const schedule = () => {
    timer ??= setTimeout(() => {
      flushing = flushing.then(flush);
    }, flushMs);
    timer.unref();
  };

  class BatchedStore implements FastifyRateLimitStore {
    private readonly keyPrefix = prefix;

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      timeWindowMs = timeWindow;
      const now = Date.now();
      const stored = `${this.keyPrefix}:${key}`;
      let local = counts.get(stored);
      if (local === undefined || local.resetAt <= now) {
        local = { count: 0, pending: local?.pending ?? 0, resetAt: now + timeWindow };
        counts.delete(stored);
        counts.set(stored, local);
      }
      local.count += 1;
      local.pending += 1;
      dirty.add(stored);
      schedule();
      callback(null, { current: local.count, ttl: local.resetAt - now });
    }

    child(): FastifyRateLimitStore {
      // Every route of the store shares one counter per address.
      return this;
    }
  }
  return {
    Store: BatchedStore,
    close: async () => {
      if (timer !== undefined) clearTimeout(timer);
      await (flushing = flushing.then(flush));
    },
  };
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
