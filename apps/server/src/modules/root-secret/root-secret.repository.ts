// SQL of one-time root secrets: only the token's hash is stored; redemption is one atomic
// UPDATE, so of two concurrent redemptions exactly one gets the row.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { appUser } from '../../db/schema';
import { rootSecret } from '../../db/stakeholder-schema';
import type { Database } from '../../db/client';

export interface NewSecret {
  tokenHash: string;
  kind: string;
  userId: string | null;
  payload: Record<string, unknown>;
  expiresAt: Date;
  createDate: Date;
}

export async function insert(db: Database, secret: NewSecret): Promise<number> {
  const [row] = await db.insert(rootSecret).values(secret).returning({ id: rootSecret.id });
  if (!row) throw new Error('secret not inserted');
  return row.id;
}

/** Marks the secret redeemed if it is unredeemed and unexpired at `now`; null otherwise. */
export async function redeem(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<{ kind: string; userId: string | null; payload: unknown } | null> {
  const [row] = await db
    .update(rootSecret)
    .set({ redeemedAt: now })
    .where(
      and(
        eq(rootSecret.tokenHash, tokenHash),
        isNull(rootSecret.redeemedAt),
        gt(rootSecret.expiresAt, now),
      ),
    )
    .returning({ kind: rootSecret.kind, userId: rootSecret.userId, payload: rootSecret.payload });
  return row ?? null;
}

export async function userEmail(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: appUser.email })
    .from(appUser)
    .where(eq(appUser.id, userId));
  return row?.email ?? null;
}

/** The user a secret was issued for (redeemed or not), or null for an unknown token. */
export async function ownerOf(db: Database, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: rootSecret.userId })
    .from(rootSecret)
    .where(eq(rootSecret.tokenHash, tokenHash));
  return row?.userId ?? null;
}
