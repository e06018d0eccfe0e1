// Fixed-window event counters (`identity_rate_counter`, decisions 044 and 171): one row per key
// and calendar window (the window starts at a multiple of its length), counted in one upsert.
// The identity area's requests per client address and code sends per account.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { identityRateCounter } from '../../db/identity-schema';

/** Counts one event in a fixed window and answers the count so far. */
export async function countInWindow(
  db: Database,
  key: string,
  windowMs: number,
  now: Date,
): Promise<number> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(identityRateCounter)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [identityRateCounter.key, identityRateCounter.windowStart],
      set: { count: sql`${identityRateCounter.count} + 1` },
    })
    .returning({ count: identityRateCounter.count });
  return row?.count ?? 1;
}
