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
 * Each address's count in this process, packed (decision 218): with every request from a new
 * address (a crawler spread over many), a window holds a minute's addresses, ~100,000 at the
 * finder's rates. One small object per address (its counts, a boxed time, a prefixed copy of its
 * key) made every search leave old-generation garbage and held ~150 bytes an address; here an
 * address is its key and a slot number in one Map, and its counts live in typed arrays.
 */
class PackedCounts {
  /** Key → slot, in the order their windows began (a new window moves a key to the end). */
  readonly slots = new Map<string, number>();
  keys: (string | undefined)[] = [];
  /** This process's view of the window's total: the database's last answer plus hits since. */
  count = new Int32Array(1024);
  /** Hits not yet written to the database. */
  pending = new Int32Array(1024);
  /** When the window ends, by this process's clock (ms since the epoch). */
  resetAt = new Float64Array(1024);
  private readonly free: number[] = [];
  private used = 0;
  /** Slots with hits not yet written, each once. */
  dirty: number[] = [];
  private marked = new Uint8Array(1024);

  /** A slot for a new key. */
  take(key: string): number {
    let slot = this.free.pop();
    if (slot === undefined) {
      if (this.used === this.count.length) this.grow();
      slot = this.used;
      this.used += 1;
    }
    this.keys[slot] = key;
    this.count[slot] = 0;
    this.pending[slot] = 0;
    return slot;
  }

  /** Forgets a key whose window ended with nothing left to write. */
  release(key: string, slot: number) {
    this.slots.delete(key);
    this.keys[slot] = undefined;
    this.free.push(slot);
  }

  markDirty(slot: number) {
    if (this.marked[slot] === 1) return;
    this.marked[slot] = 1;
    this.dirty.push(slot);
  }

  /** The dirty slots, unmarked. */
  takeDirty(): number[] {
    const dirty = this.dirty;
    this.dirty = [];
    for (const slot of dirty) this.marked[slot] = 0;
    return dirty;
  }

  private grow() {
    const size = this.count.length * 2;
    const grown = <T extends Int32Array | Float64Array | Uint8Array>(
      from: T,
      make: (n: number) => T,
    ) => {
      const to = make(size);
      to.set(from);
      return to;
    };
    this.count = grown(this.count, (n) => new Int32Array(n));
    this.pending = grown(this.pending, (n) => new Int32Array(n));
    this.resetAt = grown(this.resetAt, (n) => new Float64Array(n));
    this.marked = grown(this.marked, (n) => new Uint8Array(n));
  }
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
  // Keys in the order their windows began, so expired keys are found at the front; and the
  // keys with hits not yet written. A write visits only those: with every request from a new
  // address, the map holds a whole window's addresses, and visiting them all every 100 ms
  // stalled every search. Stored in the database as `<prefix>:<key>`.
  const counts = new PackedCounts();
  const storedKey = (key: string) => `${prefix}:${key}`;
  let timeWindowMs = 60_000;
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  let calls = 0;

  const flush = async (): Promise<void> => {
    timer = undefined;
    const now = Date.now();
    for (const [key, slot] of counts.slots) {
      if ((counts.resetAt[slot] as number) > now) break;
      if (counts.pending[slot] === 0) counts.release(key, slot);
    }
    const hits: { key: string; count: number }[] = [];
    for (const slot of counts.takeDirty()) {
      const key = counts.keys[slot];
      const pending = counts.pending[slot] as number;
      if (key === undefined || pending === 0) continue;
      hits.push({ key: storedKey(key), count: pending });
      counts.pending[slot] = 0;
    }
    if (hits.length === 0) return;
    calls += 1;
    if (calls % SWEEP_EVERY === 0) void sweepCounters(db).catch(() => undefined);
    const local = (stored: string) => counts.slots.get(stored.slice(prefix.length + 1));
    try {
      const stored = await addCounts(db, hits, timeWindowMs);
      const answeredAt = Date.now();
      for (const [key, total] of stored) {
        const slot = local(key);
        if (slot === undefined) continue;
        // The stored total has every process's hits up to now; add this one's since.
        counts.count[slot] = total.count + (counts.pending[slot] as number);
        counts.resetAt[slot] = answeredAt + total.ttl;
      }
    } catch (error) {
      // Not written: counted again with the next write, so no hit is lost.
      for (const hit of hits) {
        const slot = local(hit.key);
        if (slot !== undefined) {
          counts.pending[slot] = (counts.pending[slot] as number) + hit.count;
          counts.markDirty(slot);
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
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      timeWindowMs = timeWindow;
      const now = Date.now();
      let slot = counts.slots.get(key);
      if (slot === undefined || (counts.resetAt[slot] as number) <= now) {
        // A new window (hits not yet written stay pending), moved to the end.
        if (slot === undefined) slot = counts.take(key);
        else counts.slots.delete(key);
        counts.count[slot] = 0;
        counts.resetAt[slot] = now + timeWindow;
        counts.slots.set(key, slot);
      }
      const current = (counts.count[slot] as number) + 1;
      counts.count[slot] = current;
      counts.pending[slot] = (counts.pending[slot] as number) + 1;
      counts.markDirty(slot);
      schedule();
      callback(null, { current, ttl: (counts.resetAt[slot] as number) - now });
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
