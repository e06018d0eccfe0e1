// @fastify/rate-limit stores whose counters live in PostgreSQL (decision 013), so every API
// process counts the same requests: one atomic upsert per request (`postgresRateLimitStore`, for
// low-volume routes that must count exactly), or counts batched per process and written every
// 100 ms (`batchedRateLimitStore`, for the finder, addresses kept as hashes: decision 236);
// fixed windows timed by the database clock. An address with more than a few hits not yet
// confirmed by a write waits for the next one, so N processes in a burst stay within the limit
// plus a few hits each (decision 262). The write skips the WAL flush (asynchronous
// commit): losing the last fraction of a second of counters in a crash is harmless, waiting for
// a disk flush on every search is not.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { webcrypto } from 'node:crypto';
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
 * Hits of one address a process answers from its own count before the database has confirmed
 * them (decision 262); the next ones wait for the write, whose answer numbers them among every
 * process's hits. So N processes let through at most the limit + N × this in a burst, and a
 * member whose page asks a few questions at once never waits.
 */
export const UNCONFIRMED_HITS_PER_PROCESS = 4;

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** A hit waiting for the write that numbers it; `current` is this process's view, if it fails. */
interface Deferred {
  callback: IncrCallback;
  current: number;
}

/**
 * Adds each key's hits to its stored counter in one statement, and answers the stored totals
 * and the milliseconds left of each window: of every key, or with `changedOnly` only of those
 * whose stored total is not just the hits sent (another process counted them too, or an older
 * window was still open). A key not answered then holds exactly what was sent, in a window
 * begun now: the batched store's own view already (decision 236).
 */
async function addCounts(
  db: Database,
  hits: { key: string; count: number }[],
  timeWindowMs: number,
  changedOnly = false,
): Promise<Map<string, { count: number; ttl: number }>> {
  const result = await db.execute<{ key: string; count: number; ttl: number }>(sql`
    WITH hit AS (
      SELECT * FROM unnest(
        ${sql.param(hits.map((hit) => hit.key))}::text[],
        ${sql.param(hits.map((hit) => hit.count))}::int[]
      ) AS hit(key, count)
    ), written AS (
      INSERT INTO finder_rate_limit AS c (key, count, reset_at)
      SELECT hit.key, hit.count, now() + make_interval(secs => ${timeWindowMs / 1000})
      FROM hit, (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN c.reset_at <= now() THEN excluded.count ELSE c.count + excluded.count END,
        reset_at = CASE WHEN c.reset_at <= now() THEN excluded.reset_at ELSE c.reset_at END
      RETURNING c.key, c.count,
        GREATEST(0, ceil(extract(epoch FROM c.reset_at - now()) * 1000))::int AS ttl
    )
    SELECT written.key, written.count, written.ttl FROM written JOIN hit ON hit.key = written.key
    WHERE NOT ${changedOnly} OR written.count <> hit.count`);
  return new Map(result.rows.map((row) => [row.key, { count: row.count, ttl: row.ttl }]));
}

/**
 * An address's 64-bit hash, as two 32-bit halves (cyrb53's mixing, both halves kept), from a
 * seed drawn when the process starts: with a known seed, addresses chosen to share a hash's low
 * bits (any string, through X-Forwarded-For behind a trusted proxy) would pile up in one run of
 * the table, and an address made to share a client's whole hash would share its count.
 */
function hashInto(text: string, seed: Uint32Array, out: Int32Array): void {
  let h1 = (seed[0] as number) | 0;
  let h2 = (seed[1] as number) | 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  out[0] = h1;
  out[1] = h2;
}

/** A free place of the hash table, and a place whose address was forgotten. */
const EMPTY = -1;
const FORGOTTEN = -2;

/**
 * Each address's count in this process, in typed arrays only (decisions 218, 236). With every
 * request from a new address (a crawler spread over many, or the benchmark), a window holds a
 * minute's addresses, ~360,000 at the finder's rates. Kept as strings in a Map, each address
 * was a young string stored into an old Map: every search left the collector an old-generation
 * object to trace for a minute. Here an address is its 64-bit hash in an open-addressing table
 * of slot numbers, and its string is held only while its hits wait for the next write (the
 * table's key in PostgreSQL is the address itself). Two addresses share a count only if their
 * 64-bit hashes are equal: about one chance in 10^8 over a window of 360,000 addresses.
 */
class PackedCounts {
  /** Hash table: a slot number, EMPTY or FORGOTTEN, probed linearly from the hash's low bits. */
  private table = new Int32Array(2048).fill(EMPTY);
  /** Places of the table taken: by a slot or FORGOTTEN. */
  private taken = 0;
  /** Live slots. */
  private size = 0;
  /** Per slot: the address's hash. */
  private hashLow = new Int32Array(1024);
  private hashHigh = new Int32Array(1024);
  /** Per slot: the address while hits wait for the write, to name it in PostgreSQL. */
  keys: (string | undefined)[] = [];
  /** This process's view of the window's total: the database's last answer plus hits since. */
  count = new Int32Array(1024);
  /** Hits not yet written to the database. */
  pending = new Int32Array(1024);
  /** Hits in the write under way (not yet confirmed by its answer). */
  inflight = new Int32Array(1024);
  /** When the window ends, by this process's clock (ms since the epoch). */
  resetAt = new Float64Array(1024);
  /** Bumped when a slot's window begins again or the slot is reused: stale `order` entries. */
  private generation = new Int32Array(1024);
  private readonly free: number[] = [];
  private used = 0;
  /** Slots with hits not yet written, each once. */
  dirty: number[] = [];
  private marked = new Uint8Array(1024);
  /** Slots (and their generation) in the order their windows began: a ring. */
  private order = new Int32Array(2048);
  private orderHead = 0;
  private orderLength = 0;
  private readonly hash = new Int32Array(2);
  private readonly seed = webcrypto.getRandomValues(new Uint32Array(2));

  /** The slot of an address, or -1. */
  find(key: string): number {
    hashInto(key, this.seed, this.hash);
    const low = this.hash[0] as number;
    const high = this.hash[1] as number;
    const mask = this.table.length - 1;
    for (let place = low & mask; ; place = (place + 1) & mask) {
      const slot = this.table[place] as number;
      if (slot === EMPTY) return -1;
      if (slot >= 0 && this.hashLow[slot] === low && this.hashHigh[slot] === high) return slot;
    }
  }

  /** A slot for an address `find` did not find (its hash is the last one `find` computed). */
  take(): number {
    if ((this.taken + 1) * 2 > this.table.length) this.rehash();
    let slot = this.free.pop();
    if (slot === undefined) {
      if (this.used === this.count.length) this.grow();
      slot = this.used;
      this.used += 1;
    }
    const low = this.hash[0] as number;
    this.hashLow[slot] = low;
    this.hashHigh[slot] = this.hash[1] as number;
    const mask = this.table.length - 1;
    let place = low & mask;
    while ((this.table[place] as number) >= 0) place = (place + 1) & mask;
    if (this.table[place] === EMPTY) this.taken += 1;
    this.table[place] = slot;
    this.size += 1;
    this.count[slot] = 0;
    this.pending[slot] = 0;
    this.inflight[slot] = 0;
    this.renew(slot);
    return slot;
  }

  /** A new window for a slot: it moves to the end of the order. */
  begin(slot: number, resetAt: number) {
    this.count[slot] = 0;
    this.resetAt[slot] = resetAt;
    this.renew(slot);
    this.append(slot);
  }

  /** A new generation for a slot: its entries in `order` so far are stale. */
  private renew(slot: number) {
    this.generation[slot] = ((this.generation[slot] as number) + 1) | 0;
  }

  /** Puts a slot, as of its generation now, at the end of the order. */
  private append(slot: number) {
    if (2 * (this.orderLength + 1) > this.order.length) this.growOrder();
    const at = (2 * (this.orderHead + this.orderLength)) % this.order.length;
    this.order[at] = slot;
    this.order[at + 1] = this.generation[slot] as number;
    this.orderLength += 1;
  }

  /**
   * Forgets the addresses whose windows ended by `now` with nothing left to write, from the
   * front of the order; stops at the first window still open.
   */
  forgetEnded(now: number) {
    // Each entry once: those put back are not looked at again in this pass.
    for (let left = this.orderLength; left > 0; left -= 1) {
      const at = 2 * this.orderHead;
      const slot = this.order[at] as number;
      const current = this.generation[slot] === this.order[at + 1];
      if (current && (this.resetAt[slot] as number) > now) return;
      this.orderHead = (this.orderHead + 1) % (this.order.length / 2);
      this.orderLength -= 1;
      if (!current) continue;
      if (this.pending[slot] === 0 && this.marked[slot] === 0) this.release(slot);
      // Hits still to write: looked at again after the windows begun since.
      else this.append(slot);
    }
  }

  /** Forgets a slot's address; its place in the table is marked FORGOTTEN. */
  private release(slot: number) {
    const mask = this.table.length - 1;
    let place = (this.hashLow[slot] as number) & mask;
    while (this.table[place] !== slot) place = (place + 1) & mask;
    this.table[place] = FORGOTTEN;
    this.keys[slot] = undefined;
    this.renew(slot);
    this.free.push(slot);
    this.size -= 1;
  }

  markDirty(slot: number, key: string) {
    if (this.marked[slot] === 1) return;
    this.marked[slot] = 1;
    this.keys[slot] = key;
    this.dirty.push(slot);
  }

  /** The dirty slots, unmarked. */
  takeDirty(): number[] {
    const dirty = this.dirty;
    this.dirty = [];
    for (const slot of dirty) this.marked[slot] = 0;
    return dirty;
  }

  /** Lets go of a written slot's address string unless new hits wait again. */
  written(slot: number) {
    if (this.marked[slot] === 0) this.keys[slot] = undefined;
  }

  /** The table again, without FORGOTTEN places, at least twice as large as what is live. */
  private rehash() {
    let length = 2048;
    while (length < 4 * (this.size + 1)) length *= 2;
    const old = this.table;
    this.table = new Int32Array(length).fill(EMPTY);
    const mask = length - 1;
    for (const slot of old) {
      if (slot < 0) continue;
      let place = (this.hashLow[slot] as number) & mask;
      while (this.table[place] !== EMPTY) place = (place + 1) & mask;
      this.table[place] = slot;
    }
    this.taken = this.size;
  }

  private growOrder() {
    const order = new Int32Array(this.order.length * 2);
    for (let index = 0; index < this.orderLength; index += 1) {
      const from = (2 * (this.orderHead + index)) % this.order.length;
      order[2 * index] = this.order[from] as number;
      order[2 * index + 1] = this.order[from + 1] as number;
    }
    this.order = order;
    this.orderHead = 0;
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
    this.inflight = grown(this.inflight, (n) => new Int32Array(n));
    this.resetAt = grown(this.resetAt, (n) => new Float64Array(n));
    this.marked = grown(this.marked, (n) => new Uint8Array(n));
    this.hashLow = grown(this.hashLow, (n) => new Int32Array(n));
    this.hashHigh = grown(this.hashHigh, (n) => new Int32Array(n));
    this.generation = grown(this.generation, (n) => new Int32Array(n));
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
  // Addresses in the order their windows began, so ended ones are found at the front; and the
  // addresses with hits not yet written. A write visits only those: with every request from a
  // new address, the table holds a whole window's addresses, and visiting them all every 100 ms
  // stalled every search. Stored in the database as `<prefix>:<key>`.
  const counts = new PackedCounts();
  const storedKey = (key: string) => `${prefix}:${key}`;
  let timeWindowMs = 60_000;
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  let calls = 0;
  /** By slot: hits waiting for the next write to be numbered (rare: bursts of one address). */
  let deferred = new Map<number, Deferred[]>();

  const flush = async (): Promise<void> => {
    timer = undefined;
    counts.forgetEnded(Date.now());
    const hits: { key: string; count: number }[] = [];
    const slots: number[] = [];
    for (const slot of counts.takeDirty()) {
      const key = counts.keys[slot];
      const pending = counts.pending[slot] as number;
      if (key === undefined || pending === 0) continue;
      hits.push({ key: storedKey(key), count: pending });
      slots.push(slot);
      counts.pending[slot] = 0;
      counts.inflight[slot] = pending;
    }
    if (hits.length === 0) return;
    // The hits waiting are all in this write (each waiting hit is pending, so its slot dirty).
    const waiting = deferred;
    deferred = new Map();
    calls += 1;
    if (calls % SWEEP_EVERY === 0) void sweepCounters(db).catch(() => undefined);
    const windowMs = timeWindowMs;
    try {
      // Only totals that are not just the hits sent come back: an address written before in
      // its window, or counted by another process. The others' rows hold exactly the hits sent,
      // in a window the database began with this write.
      const stored = await addCounts(db, hits, windowMs, true);
      const answeredAt = Date.now();
      for (let index = 0; index < hits.length; index += 1) {
        const slot = slots[index] as number;
        const hit = hits[index] as { key: string; count: number };
        const total = stored.get(hit.key) ?? { count: hit.count, ttl: windowMs };
        // The stored total has every process's hits up to now; add this one's since.
        counts.count[slot] = total.count + (counts.pending[slot] as number);
        counts.resetAt[slot] = answeredAt + total.ttl;
        counts.inflight[slot] = 0;
        counts.written(slot);
        // Writes of one address are serialised by its row, so the hits of this write hold the
        // places just below its total among every process's: the waiting ones take the last.
        const held = waiting.get(slot);
        if (held !== undefined) {
          const first = total.count - held.length + 1;
          held.forEach((hold, place) => {
            hold.callback(null, { current: first + place, ttl: total.ttl });
          });
        }
      }
    } catch (error) {
      // Not written: counted again with the next write, so no hit is lost.
      for (let index = 0; index < hits.length; index += 1) {
        const slot = slots[index] as number;
        const hit = hits[index] as { key: string; count: number };
        counts.pending[slot] = (counts.pending[slot] as number) + hit.count;
        counts.inflight[slot] = 0;
        counts.markDirty(slot, hit.key.slice(prefix.length + 1));
      }
      // Waiting hits are answered from this process's count: a database gone must not hold
      // searches (the limit is then per process, as the fast path's).
      const now = Date.now();
      for (const [slot, held] of waiting) {
        for (const hold of held) {
          hold.callback(null, {
            current: hold.current,
            ttl: Math.max(0, (counts.resetAt[slot] as number) - now),
          });
        }
      }
      options.onError?.(error);
      schedule();
    }
  };
  let closed = false;
  const schedule = () => {
    // Once closed (the database may be gone), a failed write is not tried again.
    if (closed) return;
    timer ??= setTimeout(() => {
      // A write that throws (its onError did) must not stop every later one.
      flushing = flushing.then(flush).catch(() => undefined);
    }, flushMs);
    timer.unref();
  };

  class BatchedStore implements FastifyRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
      timeWindowMs = timeWindow;
      const now = Date.now();
      let slot = counts.find(key);
      if (slot === -1) {
        slot = counts.take();
        counts.begin(slot, now + timeWindow);
      } else if ((counts.resetAt[slot] as number) <= now) {
        // A new window (hits not yet written stay pending), moved to the end.
        counts.begin(slot, now + timeWindow);
      }
      const current = (counts.count[slot] as number) + 1;
      counts.count[slot] = current;
      const unconfirmed = (counts.pending[slot] as number) + (counts.inflight[slot] as number);
      counts.pending[slot] = (counts.pending[slot] as number) + 1;
      counts.markDirty(slot, key);
      schedule();
      // Answered now: while few hits are unconfirmed, or when this process alone already counts
      // more than the limit (the total can only be higher). Otherwise numbered by the next write.
      if (unconfirmed < UNCONFIRMED_HITS_PER_PROCESS || current > max) {
        callback(null, { current, ttl: (counts.resetAt[slot] as number) - now });
        return;
      }
      const held = deferred.get(slot);
      if (held === undefined) deferred.set(slot, [{ callback, current }]);
      else held.push({ callback, current });
    }

    child(): FastifyRateLimitStore {
      // Every route of the store shares one counter per address.
      return this;
    }
  }
  return {
    Store: BatchedStore,
    close: async () => {
      closed = true;
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

/**
 * @fastify/rate-limit's options for a plugin whose every route is limited per client address,
 * counted exactly in PostgreSQL across processes (root secrets, the Stripe webhook, staff
 * sign-in): `app.register(rateLimit, addressRateLimit(db, 'prefix', { max, timeWindow }))`.
 */
export function addressRateLimit(
  db: Database,
  prefix: string,
  limit: { readonly max: number; readonly timeWindow: number },
) {
  return {
    global: true,
    max: limit.max,
    timeWindow: limit.timeWindow,
    store: postgresRateLimitStore(db, prefix),
    keyGenerator: (request: { ip: string }) => request.ip,
  };
}
