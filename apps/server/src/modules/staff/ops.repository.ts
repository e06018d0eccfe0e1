// SQL of the back office's own reads (decision 297): member support look-ups and the claim
// queue, across every owner (the customers' routes read only their own).
import { and, asc, count, eq, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { claim } from '../../db/claim-schema';
import { outpatientTicket } from '../../db/outpatient-schema';
import { member, policy } from '../../db/schema';

export async function findMembers(
  db: Database,
  where: { membershipNumber?: string | undefined; policyNumber?: string | undefined },
) {
  return db
    .select({
      id: member.id,
      memberCode: member.memberCode,
      membershipNumber: member.membershipNumber,
      policyId: policy.id,
      policyNumber: policy.policyNumber,
      policyStatus: policy.status,
      nameEn: member.nameEn,
      nameZh: member.nameZh,
      hkidHash: member.hkidHash,
      hkidMasked: member.hkidMasked,
      relationship: member.relationship,
    })
    .from(member)
    .innerJoin(policy, eq(policy.id, member.policyId))
    .where(
      and(
        where.membershipNumber === undefined
          ? undefined
          : eq(member.membershipNumber, where.membershipNumber),
        where.policyNumber === undefined ? undefined : eq(policy.policyNumber, where.policyNumber),
      ),
    )
    .orderBy(asc(member.id))
    .limit(50);
}

export async function listTickets(db: Database, memberIds: readonly number[]) {
  if (memberIds.length === 0) return [];
  return db
    .select({
      id: outpatientTicket.id,
      memberCode: member.memberCode,
      type: outpatientTicket.type,
      effectiveDate: outpatientTicket.effectiveDate,
      expiryDate: outpatientTicket.expiryDate,
      revokedAt: outpatientTicket.revokedAt,
    })
    .from(outpatientTicket)
    .innerJoin(member, eq(member.id, outpatientTicket.memberId))
    .where(inArray(outpatientTicket.memberId, [...memberIds]))
    .orderBy(asc(outpatientTicket.id))
    .limit(200);
}

const claimColumns = {
  id: claim.id,
  claimNumber: claim.claimNumber,
  type: claim.type,
  status: claim.status,
  policyNumber: policy.policyNumber,
  memberCode: member.memberCode,
  serviceDate: claim.serviceDate,
  amountClaimed: claim.amountClaimed,
  amountApproved: claim.amountApproved,
  amountPaid: claim.amountPaid,
  assigneeStaffId: claim.assigneeStaffId,
  submitDate: claim.submitDate,
  createDate: claim.createDate,
};
export type ClaimSummaryRow = Awaited<ReturnType<typeof listClaimsOfPolicies>>[number];

export async function listClaimsOfPolicies(db: Database, policyIds: readonly number[]) {
  if (policyIds.length === 0) return [];
  return db
    .select(claimColumns)
    .from(claim)
    .innerJoin(policy, eq(policy.id, claim.policyId))
    .leftJoin(member, eq(member.id, claim.memberId))
    .where(inArray(claim.policyId, [...policyIds]))
    .orderBy(asc(claim.serviceDate), asc(claim.id))
    .limit(200);
}

export interface ClaimQueueFilter {
  status?: string | undefined;
  type?: string | undefined;
  createdBefore?: Date | undefined;
  /** A staff id, or null for unassigned claims. */
  assignee?: string | null | undefined;
}

export async function claimQueue(
  db: Database,
  filter: ClaimQueueFilter,
  window: { offset: number; limit: number },
) {
  const where: SQL | undefined = and(
    filter.status === undefined ? undefined : eq(claim.status, filter.status),
    filter.type === undefined ? undefined : eq(claim.type, filter.type),
    filter.createdBefore === undefined ? undefined : lte(claim.createDate, filter.createdBefore),
    filter.assignee === undefined
      ? undefined
      : filter.assignee === null
        ? isNull(claim.assigneeStaffId)
        : eq(claim.assigneeStaffId, filter.assignee),
  );
  const rows = await db
    .select(claimColumns)
    .from(claim)
    .innerJoin(policy, eq(policy.id, claim.policyId))
    .leftJoin(member, eq(member.id, claim.memberId))
    .where(where)
    .orderBy(asc(claim.createDate), asc(claim.id))
    .offset(window.offset)
    .limit(window.limit);
  const [total] = await db.select({ n: count() }).from(claim).where(where);
  return { rows, total: total?.n ?? 0 };
}
