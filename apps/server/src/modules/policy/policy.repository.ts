// Policy reads and writes (SQL only). Every read that takes a policy id or number also takes
// the owner's user id, so another customer's policy is simply not found.
import type { PolicyStatus } from '@clinicpass/shared/platform/enums';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  coupon,
  policyCoupon,
  policyEvent,
  policyParty,
  policyProfileMapping,
  policySelling,
  policyTerms,
  productProfile,
  rewardSetCoupon,
} from '../../db/platform-schema';
import { billing, paymentMethod } from '../../db/billing-schema';
import { member, policy, product } from '../../db/schema';
import type { Database } from '../../db/client';

// ---------------------------------------------------------------- status spelling

/**
 * The one place a stored status becomes the spec's type. Policies store the platform spec's
 * values as they are (`in-force`, `free-looking`, …), so nothing is translated.
 */
export function toSpecStatus(stored: string): PolicyStatus {
  return stored as PolicyStatus;
}

export function toStoredStatus(status: PolicyStatus): string {
  return status;
}

// ---------------------------------------------------------------- policies

const policyColumns = {
  id: policy.id,
  policyNumber: policy.policyNumber,
  ownerUserId: policy.ownerUserId,
  status: policy.status,
  activationDate: policy.activationDate,
  createDate: policy.createDate,
  updateDate: policy.updateDate,
  productId: product.id,
  productCode: product.code,
  productType: product.productType,
  productNameEn: product.nameEn,
  productNameZh: product.nameZh,
  profile: {
    fullName: productProfile.fullName,
    shortName: productProfile.shortName,
    shortNameZh: productProfile.shortNameZh,
    line: productProfile.line,
    termYears: productProfile.termYears,
    renewalPeriod: productProfile.renewalPeriod,
    maxRenewalAge: productProfile.maxRenewalAge,
    requireSumAssured: productProfile.requireSumAssured,
    cashScheme: productProfile.cashScheme,
    annualLimit: productProfile.annualLimit,
    retentionRewardSet: productProfile.retentionRewardSet,
  },
  terms: {
    frequency: policyTerms.frequency,
    sumAssured: policyTerms.sumAssured,
    expiryDate: policyTerms.expiryDate,
    renewalIntention: policyTerms.renewalIntention,
    cashBalance: policyTerms.cashBalance,
    groupPolicyNumber: policyTerms.groupPolicyNumber,
  },
  /** The policy's billing (one per policy), null when it has none. */
  billingId: billing.id,
};

export type PolicyRow = Awaited<ReturnType<typeof selectPolicies>>[number];

function selectPolicies(db: Database, where: SQL | undefined) {
  return db
    .select(policyColumns)
    .from(policy)
    .innerJoin(product, eq(product.id, policy.productId))
    .leftJoin(productProfile, eq(productProfile.productId, product.id))
    .leftJoin(policyTerms, eq(policyTerms.policyId, policy.id))
    .leftJoin(billing, eq(billing.policyId, policy.id))
    .where(where);
}

export interface PolicyFilters {
  ownerUserId: string;
  statuses?: PolicyStatus[] | undefined;
  productType?: string | undefined;
  productCode?: string | undefined;
  policyNumber?: string | undefined;
  profileId?: number | undefined;
  /** The gateway of the payment method the policy's billing uses. */
  paymentGatewayType?: string | undefined;
}

function filterSql(filters: PolicyFilters): SQL | undefined {
  return and(
    eq(policy.ownerUserId, filters.ownerUserId),
    filters.statuses === undefined || filters.statuses.length === 0
      ? undefined
      : inArray(policy.status, filters.statuses.map(toStoredStatus)),
    filters.productType === undefined ? undefined : eq(product.productType, filters.productType),
    filters.productCode === undefined ? undefined : eq(product.code, filters.productCode),
    filters.policyNumber === undefined ? undefined : eq(policy.policyNumber, filters.policyNumber),
    filters.profileId === undefined
      ? undefined
      : sql`EXISTS (SELECT 1 FROM ${policyParty} WHERE ${policyParty.policyId} = ${policy.id} AND ${policyParty.id} = ${filters.profileId})`,
    filters.paymentGatewayType === undefined
      ? undefined
      : sql`EXISTS (SELECT 1 FROM ${billing} JOIN ${paymentMethod} ON ${paymentMethod.id} = ${billing.paymentMethodId} WHERE ${billing.policyId} = ${policy.id} AND ${paymentMethod.gateway} = ${filters.paymentGatewayType})`,
  );
}

export async function listPolicies(
  db: Database,
  filters: PolicyFilters,
  window: { offset: number; limit: number },
): Promise<{ rows: PolicyRow[]; total: number }> {
  const where = filterSql(filters);
  const rows = await selectPolicies(db, where)
    .orderBy(asc(policy.id))
    .offset(window.offset)
    .limit(window.limit);
  const [counted] = await db
    .select({ total: count() })
    .from(policy)
    .innerJoin(product, eq(product.id, policy.productId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function findOwnedPolicy(
  db: Database,
  ownerUserId: string,
  id: number,
): Promise<PolicyRow | null> {
  const [row] = await selectPolicies(
    db,
    and(eq(policy.ownerUserId, ownerUserId), eq(policy.id, id)),
  );
  return row ?? null;
}

export async function findOwnedPolicyByNumber(
  db: Database,
  ownerUserId: string,
  policyNumber: string,
): Promise<PolicyRow | null> {
  const [row] = await selectPolicies(
    db,
    and(eq(policy.ownerUserId, ownerUserId), eq(policy.policyNumber, policyNumber)),
  );
  return row ?? null;
}

export function listOwnedPoliciesByNumber(db: Database, ownerUserId: string, numbers: string[]) {
  return selectPolicies(
    db,
    and(eq(policy.ownerUserId, ownerUserId), inArray(policy.policyNumber, numbers)),
  ).orderBy(asc(policy.id));
}

/**
 * Policies by id whoever owns them: only for a caller who proved access another way (a redeem
 * code of a group member's letter, decision 076).
 */
export function listPoliciesByIds(db: Database, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectPolicies(db, inArray(policy.id, ids)).orderBy(asc(policy.id));
}

/** Locks a policy row for a status move; null when it is not the owner's. */
export async function lockOwnedPolicy(
  db: Database,
  ownerUserId: string,
  id: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: policy.id })
    .from(policy)
    .where(and(eq(policy.ownerUserId, ownerUserId), eq(policy.id, id)))
    .for('update');
  return rows.length > 0;
}

export async function setPolicyStatus(db: Database, id: number, status: PolicyStatus, now: Date) {
  await db
    .update(policy)
    .set({ status: toStoredStatus(status), updateDate: now })
    .where(eq(policy.id, id));
}

export async function setExpiryDate(db: Database, id: number, expiryDate: string, now: Date) {
  await db
    .insert(policyTerms)
    .values({ policyId: id, frequency: 'annual', expiryDate, updateDate: now })
    .onConflictDoUpdate({ target: policyTerms.policyId, set: { expiryDate, updateDate: now } });
}

// ---------------------------------------------------------------- parties

export type PartyRow = typeof policyParty.$inferSelect;

export function listParties(db: Database, policyIds: number[]) {
  if (policyIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(policyParty)
    .where(inArray(policyParty.policyId, policyIds))
    .orderBy(asc(policyParty.sequence), asc(policyParty.id));
}

/** The members of policies without party rows (policies the platform seed did not describe). */
export function listMembers(db: Database, policyIds: number[]) {
  if (policyIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: member.id,
      policyId: member.policyId,
      nameEn: member.nameEn,
      nameZh: member.nameZh,
      relationship: member.relationship,
    })
    .from(member)
    .where(inArray(member.policyId, policyIds))
    .orderBy(asc(member.id));
}

export async function replaceBeneficiaries(
  db: Database,
  policyId: number,
  rows: Omit<typeof policyParty.$inferInsert, 'policyId' | 'role'>[],
) {
  await db
    .delete(policyParty)
    .where(and(eq(policyParty.policyId, policyId), eq(policyParty.role, 'beneficiary')));
  await db
    .insert(policyParty)
    .values(rows.map((row, index) => ({ ...row, policyId, role: 'beneficiary', sequence: index })));
}

// ---------------------------------------------------------------- coupons

const couponColumns = {
  id: coupon.id,
  code: coupon.code,
  rewardType: coupon.rewardType,
  rewardValue: coupon.rewardValue,
  rewardLength: coupon.rewardLength,
  status: coupon.status,
  expiryDate: coupon.expiryDate,
};

export type PolicyCouponRow = Awaited<ReturnType<typeof listPolicyCoupons>>[number];

export function listPolicyCoupons(db: Database, policyId: number) {
  return db
    .select({
      coupon: couponColumns,
      rewardSet: policyCoupon.rewardSet,
      discountStartDate: policyCoupon.discountStartDate,
      discountEndDate: policyCoupon.discountEndDate,
    })
    .from(policyCoupon)
    .innerJoin(coupon, eq(coupon.id, policyCoupon.couponId))
    .where(eq(policyCoupon.policyId, policyId))
    .orderBy(asc(policyCoupon.discountStartDate), asc(policyCoupon.id));
}

// ---------------------------------------------------------------- events

export interface EventFilters {
  ownerUserId: string;
  policyNumber?: string | undefined;
  eventType?: string | undefined;
  /** Hong Kong calendar-date comparisons on create_date. */
  createDate: { op: '=' | '>' | '>=' | '<' | '<='; date: string }[];
}

const hkCreateDate = sql`(${policyEvent.createDate} AT TIME ZONE 'Asia/Hong_Kong')::date`;

export async function listEvents(
  db: Database,
  filters: EventFilters,
  window: { offset: number; limit: number },
) {
  const where = and(
    eq(policy.ownerUserId, filters.ownerUserId),
    filters.policyNumber === undefined ? undefined : eq(policy.policyNumber, filters.policyNumber),
    filters.eventType === undefined ? undefined : eq(policyEvent.eventType, filters.eventType),
    ...filters.createDate.map(({ op, date }) => sql`${hkCreateDate} ${sql.raw(op)} ${date}::date`),
  );
  const rows = await db
    .select({
      id: policyEvent.id,
      type: policyEvent.type,
      eventType: policyEvent.eventType,
      payload: policyEvent.payload,
      activeDocuments: policyEvent.activeDocuments,
      createDate: policyEvent.createDate,
    })
    .from(policyEvent)
    .innerJoin(policy, eq(policy.id, policyEvent.policyId))
    .where(where)
    .orderBy(desc(policyEvent.createDate), desc(policyEvent.id))
    .offset(window.offset)
    .limit(window.limit);
  const [counted] = await db
    .select({ total: count() })
    .from(policyEvent)
    .innerJoin(policy, eq(policy.id, policyEvent.policyId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function addEvent(
  db: Database,
  event: {
    policyId: number;
    eventType: string;
    payload: Record<string, unknown>;
    createDate: Date;
  },
) {
  await db.insert(policyEvent).values({ ...event, type: 'policy', activeDocuments: [] });
}

// ---------------------------------------------------------------- retention selling

export type SellingRow = Awaited<ReturnType<typeof selectSellings>>[number];

function selectSellings(db: Database, where: SQL | undefined) {
  return db
    .select({
      id: policySelling.id,
      policyId: policySelling.policyId,
      rewardSet: policySelling.rewardSet,
      status: policySelling.status,
      createDate: policySelling.createDate,
      updateDate: policySelling.updateDate,
      coupon: couponColumns,
    })
    .from(policySelling)
    .innerJoin(coupon, eq(coupon.id, policySelling.couponId))
    .innerJoin(policy, eq(policy.id, policySelling.policyId))
    .where(where);
}

export async function findOwnedSelling(
  db: Database,
  ownerUserId: string,
  id: number,
): Promise<SellingRow | null> {
  const [row] = await selectSellings(
    db,
    and(eq(policy.ownerUserId, ownerUserId), eq(policySelling.id, id)),
  ).for('update', { of: policySelling });
  return row ?? null;
}

export function listSellingsOfPolicy(db: Database, policyId: number) {
  return selectSellings(db, eq(policySelling.policyId, policyId)).orderBy(desc(policySelling.id));
}

export async function findRewardSet(db: Database, rewardSet: string) {
  const [row] = await db
    .select()
    .from(rewardSetCoupon)
    .where(eq(rewardSetCoupon.rewardSet, rewardSet));
  return row ?? null;
}

export async function createOffer(
  db: Database,
  offer: {
    policyId: number;
    rewardSet: string;
    reason: string;
    coupon: typeof coupon.$inferInsert;
    now: Date;
  },
): Promise<number> {
  const [created] = await db
    .insert(coupon)
    .values({ ...offer.coupon, createDate: offer.now, updateDate: offer.now })
    .returning({ id: coupon.id });
  if (!created) throw new Error('coupon not created');
  const [selling] = await db
    .insert(policySelling)
    .values({
      policyId: offer.policyId,
      rewardSet: offer.rewardSet,
      couponId: created.id,
      status: 'offered',
      reason: offer.reason,
      createDate: offer.now,
      updateDate: offer.now,
    })
    .returning({ id: policySelling.id });
  if (!selling) throw new Error('selling not created');
  return selling.id;
}

export async function setSellingStatus(db: Database, id: number, status: string, now: Date) {
  await db.update(policySelling).set({ status, updateDate: now }).where(eq(policySelling.id, id));
}

/** Declines the offers still open on a policy (it was terminated after all). */
export async function declineOpenOffers(db: Database, policyId: number, now: Date) {
  await db
    .update(policySelling)
    .set({ status: 'declined', updateDate: now })
    .where(and(eq(policySelling.policyId, policyId), eq(policySelling.status, 'offered')));
}

export async function activateCoupon(
  db: Database,
  grant: {
    couponId: number;
    policyId: number;
    rewardSet: string;
    start: string;
    end: string;
    now: Date;
  },
) {
  await db
    .update(coupon)
    .set({ status: 'active', updateDate: grant.now })
    .where(eq(coupon.id, grant.couponId));
  await db.insert(policyCoupon).values({
    policyId: grant.policyId,
    couponId: grant.couponId,
    rewardSet: grant.rewardSet,
    discountStartDate: grant.start,
    discountEndDate: grant.end,
  });
}

// ---------------------------------------------------------------- policy-option rule facts

/**
 * Whether a party other than the policyholder pays for the policy (a `payor` profile mapping
 * to such a party): the account holding the policy then acts as its payment owner (decision 130).
 */
export async function paidByThirdParty(db: Database, policyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: policyProfileMapping.id })
    .from(policyProfileMapping)
    .innerJoin(policyParty, eq(policyParty.id, policyProfileMapping.profileId))
    .where(
      and(
        eq(policyProfileMapping.policyId, policyId),
        eq(policyProfileMapping.role, 'payor'),
        sql`${policyParty.role} <> 'policyholder'`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A person as policies name their insured life: names and date of birth. */
export interface InsuredPerson {
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
}

/** In-force policies of a product, with their insured life, that also meet `where`. */
async function countInForceInsured(db: Database, productId: number, where: SQL | undefined) {
  const [row] = await db
    .select({ total: count() })
    .from(policy)
    .innerJoin(
      policyParty,
      and(eq(policyParty.policyId, policy.id), eq(policyParty.role, 'insured-life')),
    )
    .where(and(eq(policy.productId, productId), eq(policy.status, 'in-force'), where));
  return row?.total ?? 0;
}

/**
 * In-force policies of a product whose insured life is `person` (same names and date of birth),
 * other than `exceptPolicyId`: the count max-in-force-policy-per-insured-life reads.
 */
export async function countInForceOfInsuredLife(
  db: Database,
  productId: number,
  person: InsuredPerson,
  exceptPolicyId: number | null,
): Promise<number> {
  if (person.dateOfBirth === null) return 0;
  return countInForceInsured(
    db,
    productId,
    and(
      sql`lower(${policyParty.firstName}) = lower(${person.firstName})`,
      sql`lower(${policyParty.lastName}) = lower(${person.lastName})`,
      eq(policyParty.dateOfBirth, person.dateOfBirth),
      exceptPolicyId === null ? undefined : sql`${policy.id} <> ${exceptPolicyId}`,
    ),
  );
}

/** The in-force policies of a product a user owns whose insured life is the user (`self`). */
export async function countOwnInForceSelfCover(
  db: Database,
  ownerUserId: string,
  productId: number,
): Promise<number> {
  return countInForceInsured(
    db,
    productId,
    and(eq(policy.ownerUserId, ownerUserId), eq(policyParty.relationship, 'self')),
  );
}
