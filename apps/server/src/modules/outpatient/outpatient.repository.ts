// SQL of the member-card work. Returns null when a row is not found; knows nothing of HTTP.
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberViewToken, outpatientTicket, sharedCardLink } from '../../db/outpatient-schema';
import { healthcareService, member, policy, product, serviceProvision } from '../../db/schema';

export interface MemberRow {
  memberId: number;
  memberCode: string;
  membershipNumber: string;
  nameEn: string;
  nameZh: string;
  lastBodyCheckDate: string | null;
  policyId: number;
  policyNumber: string;
  policyStatus: string;
  activationDate: string;
  ownerUserId: string | null;
  productType: string;
  medicalNetworkPanel: string | null;
  bodyChecksPerYear: number;
  visitsPerYear: number | null;
  productNameEn: string;
  productNameZh: string;
}

const memberColumns = {
  memberId: member.id,
  memberCode: member.memberCode,
  membershipNumber: member.membershipNumber,
  nameEn: member.nameEn,
  nameZh: member.nameZh,
  lastBodyCheckDate: member.lastBodyCheckDate,
  policyId: policy.id,
  policyNumber: policy.policyNumber,
  policyStatus: policy.status,
  activationDate: policy.activationDate,
  ownerUserId: policy.ownerUserId,
  productType: product.productType,
  medicalNetworkPanel: product.medicalNetworkPanel,
  bodyChecksPerYear: product.bodyChecksPerYear,
  visitsPerYear: product.visitsPerYear,
  productNameEn: product.nameEn,
  productNameZh: product.nameZh,
};

function memberQuery(db: Database) {
  return db
    .select(memberColumns)
    .from(member)
    .innerJoin(policy, eq(policy.id, member.policyId))
    .innerJoin(product, eq(product.id, policy.productId));
}

/**
 * The one query of a member look-up: every condition (identifier, applicant phone, policy in
 * force, a plan with a medical network) in one WHERE, so an unknown HKID, a wrong phone and a
 * lapsed policy cost the same and answer the same (no row).
 */
export async function findMemberForLookup(
  db: Database,
  where: { hkidHash?: string; memberCode?: string; phone: string },
): Promise<MemberRow | null> {
  const identifier =
    where.hkidHash !== undefined
      ? eq(member.hkidHash, where.hkidHash)
      : eq(member.memberCode, where.memberCode ?? '');
  const rows = await memberQuery(db)
    .where(
      and(
        identifier,
        eq(policy.applicantPhoneNumber, where.phone),
        eq(policy.status, 'in-force'),
        sql`${product.medicalNetworkPanel} IS NOT NULL`,
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function findMemberById(db: Database, memberId: number): Promise<MemberRow | null> {
  const rows = await memberQuery(db).where(eq(member.id, memberId)).limit(1);
  return rows[0] ?? null;
}

export async function findMemberByCode(db: Database, code: string): Promise<MemberRow | null> {
  const rows = await memberQuery(db).where(eq(member.memberCode, code)).limit(1);
  return rows[0] ?? null;
}

export async function listMembersOfPolicy(
  db: Database,
  policyNumber: string,
): Promise<MemberRow[]> {
  return memberQuery(db).where(eq(policy.policyNumber, policyNumber)).orderBy(asc(member.id));
}

export async function listMembersOwnedBy(db: Database, userId: string): Promise<MemberRow[]> {
  return memberQuery(db)
    .where(eq(policy.ownerUserId, userId))
    .orderBy(asc(policy.policyNumber), asc(member.id));
}

export async function findPolicyOwner(
  db: Database,
  policyNumber: string,
): Promise<{ ownerUserId: string | null } | null> {
  const rows = await db
    .select({ ownerUserId: policy.ownerUserId })
    .from(policy)
    .where(eq(policy.policyNumber, policyNumber))
    .limit(1);
  return rows[0] ?? null;
}

export interface NewTicketRow {
  memberId: number;
  type: string;
  tokenHash: string;
  numberKey: string;
  effectiveDate: string;
  expiryDate: string;
  expiresAt: Date;
}

export async function insertTickets(db: Database, rows: NewTicketRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(outpatientTicket).values(rows);
}

export async function findActiveTicket(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<{ memberId: number; type: string; effectiveDate: string; expiryDate: string } | null> {
  const rows = await db
    .select({
      memberId: outpatientTicket.memberId,
      type: outpatientTicket.type,
      effectiveDate: outpatientTicket.effectiveDate,
      expiryDate: outpatientTicket.expiryDate,
    })
    .from(outpatientTicket)
    .where(
      and(
        eq(outpatientTicket.tokenHash, tokenHash),
        isNull(outpatientTicket.revokedAt),
        gt(outpatientTicket.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function insertViewToken(
  db: Database,
  row: { memberId: number; policyId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(memberViewToken).values(row);
}

export async function findActiveViewToken(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<{ memberId: number } | null> {
  const rows = await db
    .select({ memberId: memberViewToken.memberId })
    .from(memberViewToken)
    .where(
      and(
        eq(memberViewToken.tokenHash, tokenHash),
        isNull(memberViewToken.revokedAt),
        gt(memberViewToken.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function insertSharedLink(
  db: Database,
  row: { memberId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sharedCardLink).values(row);
}

export async function findActiveSharedLink(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<{ memberId: number } | null> {
  const rows = await db
    .select({ memberId: sharedCardLink.memberId })
    .from(sharedCardLink)
    .where(
      and(
        eq(sharedCardLink.tokenHash, tokenHash),
        isNull(sharedCardLink.revokedAt),
        gt(sharedCardLink.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function revokeSharedLink(db: Database, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(sharedCardLink)
    .set({ revokedAt: now })
    .where(and(eq(sharedCardLink.tokenHash, tokenHash), isNull(sharedCardLink.revokedAt)));
}

/** Revokes every live token of a member (QR tickets, view tokens, shared links). */
export async function revokeMemberTokens(
  db: Database,
  memberId: number,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const tickets = await tx
      .update(outpatientTicket)
      .set({ revokedAt: now })
      .where(and(eq(outpatientTicket.memberId, memberId), isNull(outpatientTicket.revokedAt)))
      .returning({ id: outpatientTicket.id });
    const views = await tx
      .update(memberViewToken)
      .set({ revokedAt: now })
      .where(and(eq(memberViewToken.memberId, memberId), isNull(memberViewToken.revokedAt)))
      .returning({ id: memberViewToken.id });
    const links = await tx
      .update(sharedCardLink)
      .set({ revokedAt: now })
      .where(and(eq(sharedCardLink.memberId, memberId), isNull(sharedCardLink.revokedAt)))
      .returning({ id: sharedCardLink.id });
    return tickets.length + views.length + links.length;
  });
}

export async function setLastBodyCheckDate(
  db: Database,
  memberId: number,
  date: string,
): Promise<void> {
  await db
    .update(member)
    .set({ lastBodyCheckDate: date, updateDate: new Date() })
    .where(eq(member.id, memberId));
}

export async function listCoveredServices(db: Database, provisionSlug: string) {
  return db
    .select({
      id: healthcareService.id,
      slug: healthcareService.slug,
      category: healthcareService.category,
      name_en: healthcareService.nameEn,
      name_zh: healthcareService.nameZh,
    })
    .from(healthcareService)
    .innerJoin(serviceProvision, eq(serviceProvision.serviceId, healthcareService.id))
    .where(eq(serviceProvision.provisionSlug, provisionSlug))
    .orderBy(asc(healthcareService.sequence), asc(healthcareService.id));
}

/** The id of a policy when `userId` owns it; null otherwise (unknown or somebody else's). */
export async function findOwnedPolicyId(
  db: Database,
  policyId: number,
  userId: string,
): Promise<number | null> {
  const rows = await db
    .select({ id: policy.id })
    .from(policy)
    .where(and(eq(policy.id, policyId), eq(policy.ownerUserId, userId)))
    .limit(1);
  return rows[0]?.id ?? null;
}

/**
 * Revokes the members' live tickets beyond the newest `keep` of each type (a look-up, a listing
 * or a shared card issues one set; decision 252). Answers how many it revoked.
 */
export async function revokeTicketsBeyond(
  db: Database,
  memberIds: readonly number[],
  keep: number,
  now: Date,
): Promise<number> {
  if (memberIds.length === 0) return 0;
  const result = await db.execute(sql`
    UPDATE outpatient_ticket SET revoked_at = ${now.toISOString()}
    WHERE id IN (
      SELECT id FROM (
        SELECT id, row_number() OVER (PARTITION BY member_id, type ORDER BY id DESC) AS place
        FROM outpatient_ticket
        WHERE member_id IN (${sql.join(
          memberIds.map((id) => sql`${id}`),
          sql`, `,
        )})
          AND revoked_at IS NULL AND expires_at > ${now.toISOString()}
      ) ranked
      WHERE place > ${keep}
    )`);
  return result.rowCount ?? 0;
}

/** Deletes tickets revoked or expired before `before`; answers how many. */
export async function deleteTicketsEndedBefore(db: Database, before: Date): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM outpatient_ticket
    WHERE revoked_at < ${before.toISOString()} OR expires_at < ${before.toISOString()}`);
  return result.rowCount ?? 0;
}
