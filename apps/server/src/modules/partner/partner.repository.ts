// SQL of partners and of health-services accounts.
import { and, eq, sql } from 'drizzle-orm';
import { policy, product } from '../../db/schema';
import { healsAccount, partner, partnerUser } from '../../db/stakeholder-schema';
import type { Database } from '../../db/client';

export async function partnerOfUser(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: partner.id,
      name: partner.name,
      createDate: partner.createDate,
      updateDate: partner.updateDate,
    })
    .from(partnerUser)
    .innerJoin(partner, eq(partner.id, partnerUser.partnerId))
    .where(eq(partnerUser.userId, userId));
  return row ?? null;
}

/** One of the user's own policies by number, with what decides whether it may use the provider. */
export async function ownPolicy(db: Database, userId: string, policyNumber: string) {
  const [row] = await db
    .select({
      id: policy.id,
      status: policy.status,
      medicalNetworkPanel: product.medicalNetworkPanel,
    })
    .from(policy)
    .innerJoin(product, eq(product.id, policy.productId))
    .where(and(eq(policy.policyNumber, policyNumber), eq(policy.ownerUserId, userId)));
  return row ?? null;
}

/** The provider account of (user, policy), made on first use; concurrent first uses get one. */
export async function healsAccountId(
  db: Database,
  userId: string,
  policyId: number,
): Promise<string> {
  const result = await db.execute<{ id: string }>(sql`
    WITH inserted AS (
      INSERT INTO ${healsAccount} (user_id, policy_id) VALUES (${userId}, ${policyId})
      ON CONFLICT (user_id, policy_id) DO NOTHING
      RETURNING id
    )
    SELECT id FROM inserted
    UNION ALL
    SELECT id FROM ${healsAccount} WHERE user_id = ${userId} AND policy_id = ${policyId}
    LIMIT 1`);
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error('health-services account not created');
  return id;
}
