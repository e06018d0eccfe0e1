// SQL of the claims (issue 40). A read for a customer always takes the owner's user id, so another
// customer's claim or document is simply not found.
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { claim, claimAction, claimDocument, claimSettlement } from '../../db/claim-schema';
import type { Database } from '../../db/client';
import { policyParty } from '../../db/platform-schema';
import { appUser, member, policy, venue } from '../../db/schema';
import { USE_COUNTING_CLAIM_STATUSES } from '@clinicpass/shared/platform/claim-transitions';

export type ClaimRow = typeof claim.$inferSelect;
export type ClaimInsert = typeof claim.$inferInsert;
export type ClaimDocumentRow = typeof claimDocument.$inferSelect;

export async function insertClaim(db: Database, row: Omit<ClaimInsert, 'claimNumber'>) {
  const [next] = (
    await db.execute<{ id: number }>(
      sql`SELECT nextval(pg_get_serial_sequence('claim', 'id'))::int AS id`,
    )
  ).rows;
  if (next === undefined) throw new Error('no claim id');
  const [inserted] = await db
    .insert(claim)
    .values({ ...row, id: next.id, claimNumber: `CL${String(next.id).padStart(8, '0')}` })
    .returning();
  if (inserted === undefined) throw new Error('claim not inserted');
  return inserted;
}

/** The claim, locked for the length of the transaction; with the owner when `ownerUserId` is given. */
export async function lockClaim(
  db: Database,
  id: number,
  ownerUserId?: string,
): Promise<ClaimRow | null> {
  const rows = await db
    .select({ claim })
    .from(claim)
    .innerJoin(policy, eq(policy.id, claim.policyId))
    .where(
      and(
        eq(claim.id, id),
        ownerUserId === undefined ? undefined : eq(policy.ownerUserId, ownerUserId),
      ),
    )
    .for('update', { of: claim });
  return rows[0]?.claim ?? null;
}

export async function updateClaim(db: Database, id: number, patch: Partial<ClaimInsert>) {
  const [row] = await db.update(claim).set(patch).where(eq(claim.id, id)).returning();
  if (row === undefined) throw new Error(`claim ${id} vanished`);
  return row;
}

export async function addAction(db: Database, row: typeof claimAction.$inferInsert) {
  await db.insert(claimAction).values(row);
}

export async function addSettlement(db: Database, row: typeof claimSettlement.$inferInsert) {
  await db.insert(claimSettlement).values(row);
}

/** A claim with what its answer names: policy number, insured life, clinic. */
export async function findClaimView(db: Database, id: number, ownerUserId?: string) {
  const rows = await db
    .select({
      claim,
      policyNumber: policy.policyNumber,
      party: {
        id: policyParty.id,
        firstName: policyParty.firstName,
        lastName: policyParty.lastName,
        chineseFirstName: policyParty.chineseFirstName,
        chineseLastName: policyParty.chineseLastName,
      },
      memberNameEn: member.nameEn,
      memberNameZh: member.nameZh,
      venueNameEn: venue.nameEn,
      venueNameZh: venue.nameZh,
    })
    .from(claim)
    .innerJoin(policy, eq(policy.id, claim.policyId))
    .leftJoin(policyParty, eq(policyParty.id, claim.insuredPartyId))
    .leftJoin(member, eq(member.id, claim.memberId))
    .leftJoin(venue, eq(venue.id, claim.venueId))
    .where(
      and(
        eq(claim.id, id),
        ownerUserId === undefined ? undefined : eq(policy.ownerUserId, ownerUserId),
      ),
    );
  return rows[0] ?? null;
}
export type ClaimView = NonNullable<Awaited<ReturnType<typeof findClaimView>>>;

export async function listClaimIds(
  db: Database,
  where: {
    ownerUserId: string;
    policyNumber?: string | undefined;
    statuses?: readonly string[] | undefined;
    types?: readonly string[] | undefined;
  },
  window: { offset: number; limit: number },
): Promise<{ ids: number[]; total: number }> {
  const filter = and(
    eq(policy.ownerUserId, where.ownerUserId),
    where.policyNumber === undefined ? undefined : eq(policy.policyNumber, where.policyNumber),
    where.statuses?.length ? inArray(claim.status, [...where.statuses]) : undefined,
    where.types?.length ? inArray(claim.type, [...where.types]) : undefined,
  );
  const rows = await db
    .select({ id: claim.id })
    .from(claim)
    .innerJoin(policy, eq(policy.id, claim.policyId))
    .where(filter)
    .orderBy(desc(claim.serviceDate), desc(claim.id))
    .offset(window.offset)
    .limit(window.limit);
  const [total] = await db
    .select({ n: count() })
    .from(claim)
    .innerJoin(policy, eq(policy.id, claim.policyId))
    .where(filter);
  return { ids: rows.map((row) => row.id), total: total?.n ?? 0 };
}

export function listActions(db: Database, claimId: number) {
  return db
    .select()
    .from(claimAction)
    .where(eq(claimAction.claimId, claimId))
    .orderBy(asc(claimAction.id));
}

export function listSettlements(db: Database, claimId: number) {
  return db
    .select()
    .from(claimSettlement)
    .where(eq(claimSettlement.claimId, claimId))
    .orderBy(asc(claimSettlement.id));
}

export function listDocuments(db: Database, claimId: number) {
  return db
    .select()
    .from(claimDocument)
    .where(eq(claimDocument.claimId, claimId))
    .orderBy(asc(claimDocument.id));
}

export async function insertDocument(db: Database, row: typeof claimDocument.$inferInsert) {
  const [inserted] = await db.insert(claimDocument).values(row).returning();
  if (inserted === undefined) throw new Error('document not inserted');
  return inserted;
}

/** A document of a claim the owner holds, or null. */
export async function findOwnedDocument(
  db: Database,
  id: number,
  ownerUserId: string,
): Promise<ClaimDocumentRow | null> {
  const rows = await db
    .select({ document: claimDocument })
    .from(claimDocument)
    .innerJoin(claim, eq(claim.id, claimDocument.claimId))
    .innerJoin(policy, eq(policy.id, claim.policyId))
    .where(and(eq(claimDocument.id, id), eq(policy.ownerUserId, ownerUserId)));
  return rows[0]?.document ?? null;
}

/** An insured-life party of the policy, by id. */
export async function findInsuredParty(db: Database, policyId: number, partyId: number) {
  const rows = await db
    .select({ id: policyParty.id })
    .from(policyParty)
    .where(
      and(
        eq(policyParty.policyId, policyId),
        eq(policyParty.id, partyId),
        eq(policyParty.role, 'insured-life'),
      ),
    );
  return rows[0] ?? null;
}

/** The first insured life of a policy (a panel claim's, when the policy has parties). */
export async function firstInsuredParty(db: Database, policyId: number) {
  const rows = await db
    .select({ id: policyParty.id })
    .from(policyParty)
    .where(and(eq(policyParty.policyId, policyId), eq(policyParty.role, 'insured-life')))
    .orderBy(asc(policyParty.sequence), asc(policyParty.id))
    .limit(1);
  return rows[0] ?? null;
}

export async function findClaimOfVisit(db: Database, visitId: number): Promise<ClaimRow | null> {
  const rows = await db.select().from(claim).where(eq(claim.visitId, visitId)).for('update');
  return rows[0] ?? null;
}

// ---------------------------------------------------------------- use (decision 292)

/**
 * Claims whose use counts: in a counting status, or closed after payment, or a panel claim of a
 * visit still open at the counter; never an estimate.
 */
function counting(): SQL {
  return and(
    or(
      inArray(claim.status, [...USE_COUNTING_CLAIM_STATUSES]),
      and(eq(claim.status, 'closed'), isNotNull(claim.paidDate)),
      // A panel claim counts from the counter's open visit (decision 183: the member was seen).
      and(eq(claim.type, 'panel'), eq(claim.status, 'approval-requested')),
    ),
    sql`${claim.type} NOT IN ('pre-approval', 'estimation')`,
  ) as SQL;
}

/** The use of a policy's claims up to and including `until`. */
export function listUsage(db: Database, policyId: number, until: string) {
  return db
    .select({
      benefit: claim.benefit,
      units: claim.units,
      amount: sql<number>`coalesce(${claim.amountApproved}, 0)::float8`,
      incurredOn: claim.serviceDate,
    })
    .from(claim)
    .where(and(eq(claim.policyId, policyId), lte(claim.serviceDate, until), counting()));
}

/** Units of a benefit a member's claims used between two dates (inclusive). */
export async function memberUnits(
  db: Database,
  memberId: number,
  benefit: string,
  from: string,
  to: string,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${claim.units}), 0)::float8` })
    .from(claim)
    .where(
      and(
        eq(claim.memberId, memberId),
        eq(claim.benefit, benefit),
        gte(claim.serviceDate, from),
        lte(claim.serviceDate, to),
        counting(),
      ),
    );
  return row?.n ?? 0;
}

/** What a message to a claim's owner says and where it goes (decision 294). */
export async function findNoticeFacts(db: Database, claimId: number) {
  const [row] = await db
    .select({
      type: claim.type,
      claimNumber: claim.claimNumber,
      language: claim.language,
      amountClaimed: claim.amountClaimed,
      amountApproved: claim.amountApproved,
      amountPaid: claim.amountPaid,
      payoutAccountNumber: claim.payoutAccountNumber,
      email: appUser.email,
      phoneNumber: appUser.phoneNumber,
      phoneVerified: appUser.phoneVerified,
    })
    .from(claim)
    .innerJoin(policy, eq(policy.id, claim.policyId))
    .innerJoin(appUser, eq(appUser.id, policy.ownerUserId))
    .where(eq(claim.id, claimId));
  return row ?? null;
}

/** Which of `keys` a document row names. */
export async function storedKeys(db: Database, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: claimDocument.storageKey })
    .from(claimDocument)
    .where(inArray(claimDocument.storageKey, [...keys]));
  return new Set(rows.map((row) => row.key));
}
