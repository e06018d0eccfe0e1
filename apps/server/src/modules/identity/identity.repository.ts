// SQL of the identity service. Atomic steps (attempt counting, single use, rotation, counters)
// are single statements, so parallel requests and several processes cannot race past a limit.
import { and, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  identityCode,
  identityPasswordHistory,
  identityRefreshToken,
  identitySession,
} from '../../db/identity-schema';
import { appUser } from '../../db/schema';
import * as limits from '../../plugins/limits';
import { customerServicePhone } from '../reference/lists.service';

export type UserRow = typeof appUser.$inferSelect;
export type CodeRow = typeof identityCode.$inferSelect;
export type CodePurpose = 'mfa' | 'reset' | 'first_time' | 'phone';

export class IdentityRepository {
  constructor(private readonly db: Database) {}

  /** The customer service phone an operator set (decision 133), else the fallback. */
  customerServicePhone(fallback: string): Promise<string> {
    return customerServicePhone(this.db, fallback);
  }

  async userByEmail(email: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(appUser).where(eq(appUser.email, email)).limit(1);
    return row ?? null;
  }

  async userById(id: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(appUser).where(eq(appUser.id, id)).limit(1);
    return row ?? null;
  }

  async createUser(values: {
    email: string;
    passwordHash: string;
    status: string;
    phoneNumber?: string | null;
    phoneVerified?: boolean;
  }): Promise<UserRow | null> {
    const [row] = await this.db.insert(appUser).values(values).onConflictDoNothing().returning();
    return row ?? null;
  }

  /** Whether another user has this phone verified. */
  async phoneVerifiedElsewhere(phone: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: appUser.id })
      .from(appUser)
      .where(
        and(
          eq(appUser.phoneNumber, phone),
          eq(appUser.phoneVerified, true),
          ne(appUser.id, userId),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  /**
   * Marks the phone verified; false when another account verified it first (the partial unique
   * index on verified phones decides between two confirmations at once).
   */
  async setPhone(userId: string, phone: string, now: Date): Promise<boolean> {
    try {
      await this.db
        .update(appUser)
        .set({ phoneNumber: phone, phoneVerified: true, updateDate: now })
        .where(eq(appUser.id, userId));
      return true;
    } catch (error) {
      if (isUniqueViolation(error, 'app_user_verified_phone_idx')) return false;
      throw error;
    }
  }

  /** The current hash goes into the history; the new one becomes current; status confirmed. */
  async setPassword(user: UserRow, passwordHash: string, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(identityPasswordHistory).values({
        userId: user.id,
        passwordHash: user.passwordHash,
        createdAt: now,
      });
      await tx
        .update(appUser)
        .set({ passwordHash, status: 'CONFIRMED', updateDate: now })
        .where(eq(appUser.id, user.id));
    });
  }

  async previousPasswordHashes(userId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ hash: identityPasswordHistory.passwordHash })
      .from(identityPasswordHistory)
      .where(eq(identityPasswordHistory.userId, userId))
      .orderBy(desc(identityPasswordHistory.createdAt), desc(identityPasswordHistory.id))
      .limit(limit);
    return rows.map((row) => row.hash);
  }

  // ------------------------------------------------------------------ codes

  /**
   * A new code replaces any unused one of the same purpose (of the user, or for a simulated code
   * without a user, of the email key).
   */
  async issueCode(
    values: {
      id: string;
      userId: string | null;
      emailKey?: string;
      purpose: CodePurpose;
      codeHash: string;
      challengeHash?: string;
      payload?: Record<string, string>;
      expiresAt: Date;
      now: Date;
    },
    alsoInTransaction?: (tx: Database) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(identityCode)
        .set({ usedAt: values.now })
        .where(
          and(
            values.userId === null
              ? eq(identityCode.emailKey, values.emailKey ?? '')
              : eq(identityCode.userId, values.userId),
            eq(identityCode.purpose, values.purpose),
            isNull(identityCode.usedAt),
          ),
        );
      await tx.insert(identityCode).values({
        id: values.id,
        userId: values.userId,
        emailKey: values.emailKey,
        purpose: values.purpose,
        codeHash: values.codeHash,
        challengeHash: values.challengeHash,
        payload: values.payload,
        expiresAt: values.expiresAt,
        createdAt: values.now,
      });
      await alsoInTransaction?.(tx);
    });
  }

  async latestCode(userId: string, purpose: CodePurpose): Promise<CodeRow | null> {
    return this.latestWhere(
      and(eq(identityCode.userId, userId), eq(identityCode.purpose, purpose)),
    );
  }

  /** The latest simulated code "sent" to an email without an account. */
  async latestSimulatedCode(emailKey: string, purpose: CodePurpose): Promise<CodeRow | null> {
    return this.latestWhere(
      and(
        eq(identityCode.emailKey, emailKey),
        isNull(identityCode.userId),
        eq(identityCode.purpose, purpose),
      ),
    );
  }

  private async latestWhere(where: SQL | undefined): Promise<CodeRow | null> {
    const [row] = await this.db
      .select()
      .from(identityCode)
      .where(where)
      // At most one is unused (a new code retires the others): that one, else the newest.
      .orderBy(sql`${identityCode.usedAt} is null desc`, desc(identityCode.createdAt))
      .limit(1);
    return row ?? null;
  }

  async codeById(id: string): Promise<CodeRow | null> {
    const [row] = await this.db.select().from(identityCode).where(eq(identityCode.id, id)).limit(1);
    return row ?? null;
  }

  async codeByChallenge(challengeHash: string): Promise<CodeRow | null> {
    const [row] = await this.db
      .select()
      .from(identityCode)
      .where(and(eq(identityCode.challengeHash, challengeHash), eq(identityCode.purpose, 'mfa')))
      .limit(1);
    return row ?? null;
  }

  /** Takes one attempt before any comparison; null when none is left or the code is used. */
  async takeAttempt(codeId: string, maxAttempts: number): Promise<number | null> {
    const [row] = await this.db
      .update(identityCode)
      .set({ attempts: sql`${identityCode.attempts} + 1` })
      .where(
        and(
          eq(identityCode.id, codeId),
          isNull(identityCode.usedAt),
          sql`${identityCode.attempts} < ${maxAttempts}`,
        ),
      )
      .returning({ attempts: identityCode.attempts });
    return row?.attempts ?? null;
  }

  /** Marks a code used; false when another request used it first. */
  async consumeCode(codeId: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(identityCode)
      .set({ usedAt: now })
      .where(and(eq(identityCode.id, codeId), isNull(identityCode.usedAt)))
      .returning({ id: identityCode.id });
    return rows.length === 1;
  }

  // ------------------------------------------------------------------ sessions and tokens

  async createSession(userId: string, now: Date, expiresAt: Date): Promise<string> {
    const [row] = await this.db
      .insert(identitySession)
      .values({ userId, createdAt: now, expiresAt })
      .returning({ id: identitySession.id });
    if (row === undefined) throw new Error('session not created');
    return row.id;
  }

  async activeSession(sessionId: string, userId: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .select({ id: identitySession.id })
      .from(identitySession)
      .where(
        and(
          eq(identitySession.id, sessionId),
          eq(identitySession.userId, userId),
          isNull(identitySession.revokedAt),
          sql`${identitySession.expiresAt} > ${now.toISOString()}`,
        ),
      )
      .limit(1);
    return rows.length === 1;
  }

  async revokeSession(sessionId: string, now: Date): Promise<void> {
    await this.db
      .update(identitySession)
      .set({ revokedAt: now })
      .where(and(eq(identitySession.id, sessionId), isNull(identitySession.revokedAt)));
  }

  /** Global sign-out: every session of the user, so its access and refresh tokens die with it. */
  async revokeAllSessions(userId: string, now: Date): Promise<void> {
    await this.db
      .update(identitySession)
      .set({ revokedAt: now })
      .where(and(eq(identitySession.userId, userId), isNull(identitySession.revokedAt)));
  }

  /** Every session of the user but one (the caller's own), with their access and refresh tokens. */
  async revokeOtherSessions(
    userId: string,
    keepSessionId: string | null,
    now: Date,
  ): Promise<void> {
    await this.db
      .update(identitySession)
      .set({ revokedAt: now })
      .where(
        and(
          eq(identitySession.userId, userId),
          isNull(identitySession.revokedAt),
          keepSessionId === null ? undefined : ne(identitySession.id, keepSessionId),
        ),
      );
  }

  async insertRefreshToken(values: {
    sessionId: string;
    tokenHash: string;
    expiresAt: Date;
    now: Date;
  }): Promise<void> {
    await this.db.insert(identityRefreshToken).values({
      sessionId: values.sessionId,
      tokenHash: values.tokenHash,
      expiresAt: values.expiresAt,
      createdAt: values.now,
    });
  }

  async refreshToken(tokenHash: string) {
    const [row] = await this.db
      .select({
        id: identityRefreshToken.id,
        sessionId: identityRefreshToken.sessionId,
        expiresAt: identityRefreshToken.expiresAt,
        rotatedAt: identityRefreshToken.rotatedAt,
        userId: identitySession.userId,
        sessionRevokedAt: identitySession.revokedAt,
        sessionExpiresAt: identitySession.expiresAt,
      })
      .from(identityRefreshToken)
      .innerJoin(identitySession, eq(identitySession.id, identityRefreshToken.sessionId))
      .where(eq(identityRefreshToken.tokenHash, tokenHash))
      .limit(1);
    return row ?? null;
  }

  async rotateRefreshToken(id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(identityRefreshToken)
      .set({ rotatedAt: now })
      .where(and(eq(identityRefreshToken.id, id), isNull(identityRefreshToken.rotatedAt)))
      .returning({ id: identityRefreshToken.id });
    return rows.length === 1;
  }

  // ------------------------------------------------------------------ counters and lockout
  // The counters live in plugins/limits (decision 171); the identity service reaches them here.

  /** Counts one event in a fixed window and answers the count so far. */
  countInWindow(key: string, windowMs: number, now: Date): Promise<number> {
    return limits.countInWindow(this.db, key, windowMs, now);
  }

  signInFailure(emailKey: string) {
    return limits.signInFailure(this.db, emailKey);
  }

  /** See limits.takeSignInAttempt: an attempt slot taken before the password is checked. */
  takeSignInAttempt(
    emailKey: string,
    now: Date,
    rules: limits.SignInAttemptRules,
  ): Promise<number | null> {
    return limits.takeSignInAttempt(this.db, emailKey, now, rules);
  }

  /** Counts a failure (starting again after `quietMs` without one) and answers the count. */
  recordSignInFailure(emailKey: string, now: Date, quietMs: number): Promise<number> {
    return limits.recordSignInFailure(this.db, emailKey, now, quietMs);
  }

  clearSignInFailures(emailKey: string): Promise<void> {
    return limits.clearSignInFailures(this.db, emailKey);
  }
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (
    let e: unknown = error;
    typeof e === 'object' && e !== null;
    e = (e as { cause?: unknown }).cause
  ) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && name === constraint) return true;
  }
  return false;
}
