// Sign-in failures and lockout (`identity_sign_in_failure`, decisions 044 and 171): one row per
// keyed email (or client address) with its recent failures and the lock they earned. Each step
// is one statement, so parallel guesses cannot pass the captcha or the lock.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { identitySignInFailure } from '../../db/identity-schema';

/** What a sign-in attempt slot is judged by (the identity service's limits). */
export interface SignInAttemptRules {
  quietMs: number;
  captchaAfter: number;
  captchaSolved: boolean;
  lockAfter: number;
  lockFirstMs: number;
  lockMaxMs: number;
}

export async function signInFailure(db: Database, emailKey: string) {
  const [row] = await db
    .select()
    .from(identitySignInFailure)
    .where(eq(identitySignInFailure.emailKey, emailKey))
    .limit(1);
  return row ?? null;
}

/**
 * Takes a sign-in attempt slot before the password is checked, in one statement, so parallel
 * guesses cannot pass the limit: the attempt counts as a failure at once (a success clears the
 * row), and the attempt that reaches `lockAfter` locks the account in the same statement.
 * Refused (null) while locked, or, unless `captchaSolved`, once `captchaAfter` recent failures
 * are counted. Failures older than `quietMs` start again from nothing.
 */
export async function takeSignInAttempt(
  db: Database,
  emailKey: string,
  now: Date,
  rules: SignInAttemptRules,
): Promise<number | null> {
  const t = identitySignInFailure;
  const nowIso = now.toISOString();
  const quietSince = new Date(now.getTime() - rules.quietMs).toISOString();
  const recent = sql`(case when ${t.lastFailureAt} <= ${quietSince} then 0 else ${t.failures} end)`;
  const next = sql`(${recent} + 1)`;
  const lock = sql`case when ${next} >= ${rules.lockAfter} then ${nowIso}::timestamptz + least(${rules.lockFirstMs}::float8 * power(2, least(${next} - ${rules.lockAfter}, 20)), ${rules.lockMaxMs}::float8) * interval '1 millisecond' else null end`;
  const [row] = await db
    .insert(t)
    .values({ emailKey, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: t.emailKey,
      set: { failures: next, lastFailureAt: now, lockedUntil: lock },
      setWhere: and(
        sql`(${t.lockedUntil} is null or ${t.lockedUntil} <= ${nowIso})`,
        rules.captchaSolved ? undefined : sql`${recent} < ${rules.captchaAfter}`,
      ),
    })
    .returning({ failures: t.failures });
  return row?.failures ?? null;
}

/** Counts a failure (starting again after `quietMs` without one) and answers the count. */
export async function recordSignInFailure(
  db: Database,
  emailKey: string,
  now: Date,
  quietMs: number,
): Promise<number> {
  const quietSince = new Date(now.getTime() - quietMs).toISOString();
  const [row] = await db
    .insert(identitySignInFailure)
    .values({ emailKey, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: identitySignInFailure.emailKey,
      set: {
        failures: sql`case when ${identitySignInFailure.lastFailureAt} <= ${quietSince} then 1 else ${identitySignInFailure.failures} + 1 end`,
        lastFailureAt: now,
      },
    })
    .returning({ failures: identitySignInFailure.failures });
  return row?.failures ?? 1;
}

export async function clearSignInFailures(db: Database, emailKey: string): Promise<void> {
  await db.delete(identitySignInFailure).where(eq(identitySignInFailure.emailKey, emailKey));
}
