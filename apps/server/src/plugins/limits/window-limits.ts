// Fixed-window limits on what a guest may write (issue 37, decision 251), counted in
// `identity_rate_counter` like the identity area's (decision 044), so every API process shares
// them: device sessions and captcha challenges per client address, successful member look-ups
// per member and per address, distinct policy numbers per address. Past a limit the answer is
// 429 `limit_exceeded` with `Retry-After` at the window's end.
import { and, eq } from 'drizzle-orm';
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { Database } from '../../db/client';
import { identityRateCounter } from '../../db/identity-schema';
import { countInWindow } from './event-windows';

function windowStartOf(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** The refusal of a limit, with the seconds until its window ends. */
function overLimit(now: Date, windowMs: number, message: string | undefined): AppError {
  const end = windowStartOf(now, windowMs).getTime() + windowMs;
  return new AppError('limit_exceeded', {
    ...(message === undefined ? {} : { message }),
    retryAfterSeconds: (end - now.getTime()) / 1000,
  });
}

export interface WindowLimit {
  /** Events allowed in one window. */
  limit: number;
  windowMs: number;
  /** The refusal's message (default: the catalogue's). */
  message?: string;
}

/** Counts one event under `key`; past the limit throws 429 `limit_exceeded` (Retry-After). */
export async function takeFromWindow(
  db: Database,
  key: string,
  rule: WindowLimit,
  now: Date,
): Promise<void> {
  const count = await countInWindow(db, key, rule.windowMs, now);
  if (count > rule.limit) throw overLimit(now, rule.windowMs, rule.message);
}

/** Counts under `key` without taking one: the count so far in the current window. */
export async function windowCount(
  db: Database,
  key: string,
  windowMs: number,
  now: Date,
): Promise<number> {
  const rows = await db
    .select({ count: identityRateCounter.count })
    .from(identityRateCounter)
    .where(
      and(
        eq(identityRateCounter.key, key),
        eq(identityRateCounter.windowStart, windowStartOf(now, windowMs)),
      ),
    );
  return rows[0]?.count ?? 0;
}

/** Members already admitted in this process, per window: a repeat costs no round trip. */
const admitted = new WeakMap<Database, Map<string, number>>();
const ADMITTED_ENTRIES = 10_000;

/**
 * Admits `member` (a policy number, say) into the set `scope` (an address) for this window; a
 * member already admitted passes; a new one past `limit` distinct members throws 429. Refused
 * members are not kept, so they stay refused for the window.
 */
export async function takeDistinct(
  db: Database,
  scope: string,
  member: string,
  rule: WindowLimit,
  now: Date,
): Promise<void> {
  const start = windowStartOf(now, rule.windowMs).getTime();
  let memo = admitted.get(db);
  if (memo === undefined) {
    memo = new Map();
    admitted.set(db, memo);
  }
  const memoKey = `${scope}\n${member}`;
  if (memo.get(memoKey) === start) return;
  const memberKey = `${scope}:member:${member}`;
  if ((await windowCount(db, memberKey, rule.windowMs, now)) === 0) {
    const distinct = await countInWindow(db, `${scope}:distinct`, rule.windowMs, now);
    if (distinct > rule.limit) throw overLimit(now, rule.windowMs, rule.message);
    await countInWindow(db, memberKey, rule.windowMs, now);
  }
  if (memo.size >= ADMITTED_ENTRIES) memo.clear();
  memo.set(memoKey, start);
}
