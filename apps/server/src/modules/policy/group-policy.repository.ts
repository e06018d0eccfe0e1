// SQL of group policies, their member policies and documents, and the one-time redeem codes of
// member policies (decisions 076, 077). A group policy is reached by its administrator only.
import { and, asc, count, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  groupMemberPolicy,
  groupPolicy,
  groupPolicyDocument,
  policyRedeemCode,
  policyTerms,
} from '../../db/platform-schema';
import { member, policy, product } from '../../db/schema';
import type { Database } from '../../db/client';

export type GroupRow = typeof groupPolicy.$inferSelect;

export async function findAdministeredGroup(
  db: Database,
  adminUserId: string,
  id: number,
  lock = false,
): Promise<GroupRow | null> {
  const query = db
    .select()
    .from(groupPolicy)
    .where(and(eq(groupPolicy.adminUserId, adminUserId), eq(groupPolicy.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

const memberColumns = {
  id: groupMemberPolicy.id,
  groupPolicyId: groupMemberPolicy.groupPolicyId,
  policyId: groupMemberPolicy.policyId,
  principalPolicyId: groupMemberPolicy.principalPolicyId,
  joinDate: groupMemberPolicy.joinDate,
  status: groupMemberPolicy.status,
  policyNumber: policy.policyNumber,
};

export type MemberPolicyRow = Awaited<ReturnType<typeof selectMembers>>[number];

function selectMembers(db: Database, where: SQL | undefined) {
  return db
    .select(memberColumns)
    .from(groupMemberPolicy)
    .innerJoin(policy, eq(policy.id, groupMemberPolicy.policyId))
    .where(where);
}

/** A member policy with its group, when the caller administers the group. */
export async function findAdministeredMember(db: Database, adminUserId: string, id: number) {
  const [row] = await db
    .select({ member: memberColumns, group: groupPolicy })
    .from(groupMemberPolicy)
    .innerJoin(policy, eq(policy.id, groupMemberPolicy.policyId))
    .innerJoin(groupPolicy, eq(groupPolicy.id, groupMemberPolicy.groupPolicyId))
    .where(and(eq(groupPolicy.adminUserId, adminUserId), eq(groupMemberPolicy.id, id)));
  return row ?? null;
}

/** Members of a group by policy number, locked for a move. */
export function lockMembersByNumber(db: Database, groupPolicyId: number, numbers: string[]) {
  return selectMembers(
    db,
    and(eq(groupMemberPolicy.groupPolicyId, groupPolicyId), inArray(policy.policyNumber, numbers)),
  )
    .orderBy(asc(groupMemberPolicy.id))
    .for('update', { of: groupMemberPolicy });
}

/** The active dependants of the given principals' member policies. */
export function lockActiveDependants(db: Database, principalPolicyIds: number[]) {
  if (principalPolicyIds.length === 0) return Promise.resolve([]);
  return selectMembers(
    db,
    and(
      inArray(groupMemberPolicy.principalPolicyId, principalPolicyIds),
      eq(groupMemberPolicy.status, 'active'),
    ),
  )
    .orderBy(asc(groupMemberPolicy.id))
    .for('update', { of: groupMemberPolicy });
}

export async function removeMember(
  db: Database,
  row: { memberId: number; policyId: number; effectiveDate: string; now: Date },
) {
  await db
    .update(groupMemberPolicy)
    .set({ status: 'removed', removalEffectiveDate: row.effectiveDate, updateDate: row.now })
    .where(eq(groupMemberPolicy.id, row.memberId));
  await db
    .update(policy)
    .set({ status: 'terminated', updateDate: row.now })
    .where(eq(policy.id, row.policyId));
  await db
    .update(policyTerms)
    .set({ expiryDate: row.effectiveDate, updateDate: row.now })
    .where(eq(policyTerms.policyId, row.policyId));
}

// ---------------------------------------------------------------- group documents

export interface GroupDocumentFilters {
  userId: string;
  groupPolicyNumber?: string | undefined;
  category?: string | undefined;
  platform?: string | undefined;
  today: string;
}

/**
 * Documents in force today of the group policies the user reaches: those they administer and
 * those a policy of theirs belongs to.
 */
function groupDocumentWhere(filters: GroupDocumentFilters): SQL | undefined {
  const reachable = or(
    eq(groupPolicy.adminUserId, filters.userId),
    sql`EXISTS (SELECT 1 FROM ${policyTerms} JOIN ${policy} ON ${policy.id} = ${policyTerms.policyId}
      WHERE ${policyTerms.groupPolicyNumber} = ${groupPolicy.groupPolicyNumber}
      AND ${policy.ownerUserId} = ${filters.userId})`,
  );
  return and(
    reachable,
    filters.groupPolicyNumber === undefined
      ? undefined
      : eq(groupPolicy.groupPolicyNumber, filters.groupPolicyNumber),
    filters.category === undefined ? undefined : eq(groupPolicyDocument.category, filters.category),
    filters.platform === undefined
      ? undefined
      : sql`${filters.platform} = ANY(${groupPolicyDocument.platforms})`,
    lte(groupPolicyDocument.effectiveDate, filters.today),
    or(isNull(groupPolicyDocument.expiryDate), gte(groupPolicyDocument.expiryDate, filters.today)),
  );
}

export async function listGroupDocuments(
  db: Database,
  filters: GroupDocumentFilters,
  window: { offset: number; limit: number },
) {
  const where = groupDocumentWhere(filters);
  const rows = await db
    .select({ document: groupPolicyDocument, productCode: product.code })
    .from(groupPolicyDocument)
    .innerJoin(groupPolicy, eq(groupPolicy.id, groupPolicyDocument.groupPolicyId))
    .innerJoin(product, eq(product.id, groupPolicy.productId))
    .where(where)
    .orderBy(asc(groupPolicy.id), asc(groupPolicyDocument.id))
    .offset(window.offset)
    .limit(window.limit);
  const [counted] = await db
    .select({ total: count() })
    .from(groupPolicyDocument)
    .innerJoin(groupPolicy, eq(groupPolicy.id, groupPolicyDocument.groupPolicyId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

// ---------------------------------------------------------------- redeem codes

export type RedeemCodeRow = typeof policyRedeemCode.$inferSelect;

export async function findRedeemCodeByHash(db: Database, codeHash: string, lock: boolean) {
  const query = db.select().from(policyRedeemCode).where(eq(policyRedeemCode.codeHash, codeHash));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The redeem codes of the policies whose member carries this HKID hash. */
export function findRedeemCodesByHkidHash(db: Database, hkidHash: string, lock: boolean) {
  const query = db
    .select({ code: policyRedeemCode })
    .from(policyRedeemCode)
    .innerJoin(member, eq(member.policyId, policyRedeemCode.policyId))
    .where(eq(member.hkidHash, hkidHash))
    .orderBy(asc(policyRedeemCode.id));
  return lock ? query.for('update', { of: policyRedeemCode }) : query;
}

export async function markRedeemed(db: Database, id: number, userId: string, now: Date) {
  await db
    .update(policyRedeemCode)
    .set({ redeemedAt: now, redeemedByUserId: userId, updateDate: now })
    .where(eq(policyRedeemCode.id, id));
}

/** The policy ids of a member policy's dependants (any status). */
export async function listDependantPolicyIds(
  db: Database,
  principalPolicyId: number,
): Promise<number[]> {
  const rows = await db
    .select({ policyId: groupMemberPolicy.policyId })
    .from(groupMemberPolicy)
    .where(eq(groupMemberPolicy.principalPolicyId, principalPolicyId))
    .orderBy(asc(groupMemberPolicy.id));
  return rows.map((row) => row.policyId);
}

/** Who a policy belongs to; used only after a redeem code proved the caller may see it. */
export async function findPolicyOwner(db: Database, policyId: number) {
  const [row] = await db
    .select({ ownerUserId: policy.ownerUserId })
    .from(policy)
    .where(eq(policy.id, policyId));
  return row ?? null;
}

export async function setPolicyOwner(db: Database, policyIds: number[], userId: string, now: Date) {
  await db
    .update(policy)
    .set({ ownerUserId: userId, updateDate: now })
    .where(and(inArray(policy.id, policyIds), isNull(policy.ownerUserId)));
}
