// Failure counters (`lookup_failure_counter`, decision 171): one row per key (a client address,
// a keyed hash of an identifier, a user), counting failures in a fixed window that starts at the
// first one. An attempt reserves a failure before it is judged and gives it back when it
// succeeds, so parallel guesses cannot slip past a limit. Used by the member look-up (and its
// captcha cost, decision 150), clinic keys (decision 106) and redeem attempts (decision 141).
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lookupFailureCounter } from '../../db/outpatient-schema';

/**
 * Adds one failure to each key in a single atomic statement and returns the counts after it.
 * A window older than `windowMs` restarts at 1.
 */
export async function addFailures(
  db: Database,
  keys: readonly string[],
  now: Date,
  windowMs: number,
): Promise<number[]> {
  const windowOpen = new Date(now.getTime() - windowMs);
  const rows = await db
    .insert(lookupFailureCounter)
    .values(keys.map((key) => ({ key, count: 1, windowStart: now })))
    .onConflictDoUpdate({
      target: lookupFailureCounter.key,
      set: {
        count: sql`CASE WHEN ${lookupFailureCounter.windowStart} <= ${windowOpen.toISOString()}::timestamptz THEN 1 ELSE ${lookupFailureCounter.count} + 1 END`,
        windowStart: sql`CASE WHEN ${lookupFailureCounter.windowStart} <= ${windowOpen.toISOString()}::timestamptz THEN ${now.toISOString()}::timestamptz ELSE ${lookupFailureCounter.windowStart} END`,
      },
    })
    .returning({ key: lookupFailureCounter.key, count: lookupFailureCounter.count });
  return keys.map((key) => rows.find((row) => row.key === key)?.count ?? 0);
}

/** The failures counted under a key in its window still open at `now` (0: none). */
export async function countFailures(
  db: Database,
  key: string,
  now: Date,
  windowMs: number,
): Promise<number> {
  const windowOpen = new Date(now.getTime() - windowMs);
  const [row] = await db
    .select({ count: lookupFailureCounter.count })
    .from(lookupFailureCounter)
    .where(
      and(eq(lookupFailureCounter.key, key), gt(lookupFailureCounter.windowStart, windowOpen)),
    );
  return row?.count ?? 0;
}

/** Takes back a failure reserved for an attempt that succeeded. */
export async function releaseFailures(db: Database, keys: readonly string[]): Promise<void> {
  await db
    .update(lookupFailureCounter)
    .set({ count: sql`GREATEST(${lookupFailureCounter.count} - 1, 0)` })
    .where(inArray(lookupFailureCounter.key, [...keys]));
}
