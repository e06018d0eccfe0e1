// The finder's batched rate-limit store (decision 013) against PostgreSQL: counts at once,
// writes only the addresses with new hits, starts an address's count again after its window,
// and forgets addresses whose windows have passed.
import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchedRateLimitStore } from '../src/plugins/limits';
import { UNCONFIRMED_HITS_PER_PROCESS } from '../src/plugins/limits/request-rate';
import { createTestDatabase, type TestDatabase } from './db';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ seeded: false });
});
afterAll(async () => {
  await database.drop();
});

type Result = { current: number; ttl: number };

function hitWith(store: FastifyRateLimitStore) {
  return (key: string, windowMs: number, max = 1000) =>
    new Promise<Result>((resolve, reject) => {
      store.incr(
        key,
        (error, result) => {
          if (error !== null || result === undefined) reject(error ?? new Error('no result'));
          else resolve(result);
        },
        windowMs,
        max,
      );
    });
}

async function stored(prefix: string) {
  const result = await database.db.execute<{ key: string; count: number }>(
    sql`SELECT key, count FROM finder_rate_limit WHERE key LIKE ${`${prefix}:%`} ORDER BY key`,
  );
  return new Map(result.rows.map((row) => [row.key, row.count]));
}

describe('batched finder rate-limit store', () => {
  it('counts at once, writes every address with new hits, and starts again after the window', async () => {
    const store = batchedRateLimitStore(database.db, 'batch-a', { flushMs: 20 });
    const hit = hitWith(new store.Store({}));
    try {
      expect((await hit('10.0.0.1', 300)).current).toBe(1);
      expect((await hit('10.0.0.1', 300)).current).toBe(2);
      const third = await hit('10.0.0.1', 300);
      expect(third.current).toBe(3);
      expect(third.ttl).toBeGreaterThan(0);
      expect(third.ttl).toBeLessThanOrEqual(300);
      for (let i = 0; i < 500; i += 1) await hit(`10.1.${Math.floor(i / 250)}.${i % 250}`, 300);
      await expect.poll(async () => (await stored('batch-a')).size, { timeout: 5000 }).toBe(501);
      expect((await stored('batch-a')).get('batch-a:10.0.0.1')).toBe(3);

      await new Promise((resolve) => setTimeout(resolve, 400));
      // A new window for this address: counted from 1 here and in the table.
      expect((await hit('10.0.0.1', 300)).current).toBe(1);
      await expect
        .poll(async () => (await stored('batch-a')).get('batch-a:10.0.0.1'), { timeout: 5000 })
        .toBe(1);
    } finally {
      await store.close();
    }
  });

  it('reuses the places of forgotten addresses without mixing their counts (decision 218)', async () => {
    const store = batchedRateLimitStore(database.db, 'batch-c', { flushMs: 20 });
    const hit = hitWith(new store.Store({}));
    try {
      // More addresses than the first allocation holds (1,024), one hit each.
      for (let i = 0; i < 1500; i += 1) await hit(`10.2.${i >> 8}.${i & 255}`, 300);
      await expect.poll(async () => (await stored('batch-c')).size, { timeout: 5000 }).toBe(1500);
      // Their windows pass and a write forgets them; new addresses take their places.
      await new Promise((resolve) => setTimeout(resolve, 400));
      await hit('10.3.255.255', 300);
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (let i = 0; i < 1500; i += 1) {
        expect((await hit(`10.3.${i >> 8}.${i & 255}`, 60_000)).current).toBe(1);
        expect((await hit(`10.3.${i >> 8}.${i & 255}`, 60_000)).current).toBe(2);
      }
      // A forgotten address starts again from 1.
      expect((await hit('10.2.0.7', 60_000)).current).toBe(1);
      await expect
        .poll(async () => (await stored('batch-c')).get('batch-c:10.3.5.219'), { timeout: 5000 })
        .toBe(2);
      expect((await stored('batch-c')).get('batch-c:10.2.0.7')).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('writes the hits still pending when closed', async () => {
    const store = batchedRateLimitStore(database.db, 'batch-b', { flushMs: 60_000 });
    const hit = hitWith(new store.Store({}));
    await hit('10.0.0.2', 60_000);
    await hit('10.0.0.2', 60_000);
    expect((await stored('batch-b')).size).toBe(0);
    await store.close();
    expect((await stored('batch-b')).get('batch-b:10.0.0.2')).toBe(2);
  });

  it('keeps counting while writes fail, a write over ended windows returns, and closing stops the retries', async () => {
    const errors: unknown[] = [];
    const failing = {
      execute: () => Promise.reject(new Error('database gone')),
    } as unknown as typeof database.db;
    const store = batchedRateLimitStore(failing, 'batch-d', {
      flushMs: 5,
      onError: (error) => errors.push(error),
    });
    const hit = hitWith(new store.Store({}));
    for (let i = 0; i < 50; i += 1) await hit(`10.4.0.${i}`, 1);
    // Every window has ended, and every address still has hits to write.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(errors.length).toBeGreaterThan(0);
    expect((await hit('10.4.0.1', 60_000)).current).toBe(1);
    expect((await hit('10.4.0.1', 60_000)).current).toBe(2);
    await store.close();
    // Closed: a failed write is not tried again.
    const attempts = errors.length;
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(errors).toHaveLength(attempts);
  });
});

describe('the finder limit across processes (decision 262)', () => {
  it('lets a burst of 300 at once, split over three processes, through within 120 + 4 per process', async () => {
    const processes = [0, 1, 2].map(() =>
      batchedRateLimitStore(database.db, 'burst', { flushMs: 20 }),
    );
    try {
      const hits = processes.map((store) => hitWith(new store.Store({})));
      const answers = await Promise.all(
        Array.from({ length: 300 }, (_, index) =>
          (hits[index % 3] as ReturnType<typeof hitWith>)('10.9.9.9', 60_000, 120),
        ),
      );
      const allowed = answers.filter((answer) => answer.current <= 120).length;
      expect(allowed).toBeGreaterThanOrEqual(120);
      expect(allowed).toBeLessThanOrEqual(120 + 3 * UNCONFIRMED_HITS_PER_PROCESS);
      await expect.poll(async () => (await stored('burst')).get('burst:10.9.9.9')).toBe(300);
    } finally {
      await Promise.all(processes.map((store) => store.close()));
    }
  });

  it('never makes a member asking a few questions at once wait for the database', async () => {
    const store = batchedRateLimitStore(database.db, 'few', { flushMs: 60_000 });
    try {
      const hit = hitWith(new store.Store({}));
      // The write is a minute away: these are answered from the process's own count.
      const answers = await Promise.all(
        Array.from({ length: UNCONFIRMED_HITS_PER_PROCESS }, () => hit('10.9.9.8', 60_000, 120)),
      );
      expect(answers.map((answer) => answer.current)).toEqual([1, 2, 3, 4]);
    } finally {
      await store.close();
    }
  });
});
