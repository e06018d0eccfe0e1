// SQL of the captcha: the single-use record. Knows nothing of HTTP.
import { lt } from 'drizzle-orm';
import { captchaUse } from '../../db/captcha-schema';
import type { Database } from '../../db/client';

/**
 * Marks a challenge used in one statement: true the first time, false when it was used already
 * (concurrent uses of one payload: exactly one gets true).
 */
export async function markUsed(db: Database, signature: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(captchaUse)
    .values({ signature, expiresAt })
    .onConflictDoNothing({ target: captchaUse.signature })
    .returning({ signature: captchaUse.signature });
  return rows.length === 1;
}

/** Forgets uses of challenges that have expired (they are refused as expired anyway). */
export async function deleteExpired(db: Database, now: Date): Promise<void> {
  await db.delete(captchaUse).where(lt(captchaUse.expiresAt, now));
}
