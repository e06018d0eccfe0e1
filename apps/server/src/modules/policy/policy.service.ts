// Policy rules: ownership (another customer's policy is not found), the entity shapes, the
// premium projection, termination and retention selling.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { validationError } from '@clinicpass/shared/errors/validation-error';
import type {
  BeneficiariesBodySchema,
  ProjectPremiumBody,
  RetentionSellingBody,
  TerminateBody,
} from '@clinicpass/shared/platform/bodies';
import {
  cashBalanceKey,
  type Beneficiary,
  type BulkProjection,
  type Coupon,
  type DiscountProjection,
  type InsuredLife,
  type Policy,
  type PolicyCoupon,
  type PolicyCoverage,
  type PolicyDetail,
  type PolicyEvent,
  type PolicyParty,
  type PolicySelling,
  type ProjectionYear,
} from '@clinicpass/shared/platform/entities/policy';
import type {
  PolicyProductOption,
  ProductDocument,
} from '@clinicpass/shared/platform/entities/product';
import { INSURANCE_LEVY } from '@clinicpass/shared/platform/constants';
import type {
  CouponRewardType,
  CouponStatus,
  Gender,
  IdentityDocumentType,
  PaymentFrequency,
  ProjectionMode,
  Relationship,
  RenewalIntention,
} from '@clinicpass/shared/platform/enums';
import {
  ACTIVE_POLICY_STATUSES,
  canMove,
  TERMINABLE_POLICY_STATUSES,
  terminatedStatus,
} from '@clinicpass/shared/platform/transitions';
import { addDays, addMonths, compareDates } from '@clinicpass/shared/time/clock';
import { evaluatePolicyOptionRules } from '@clinicpass/shared/validation/rules';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import * as productService from '../product/product.service';
import * as repo from './policy.repository';
import { ageOn, cents, FREQUENCY_FACTORS, projectPremiums } from './premium';

export interface Caller {
  userId: string;
}

/** What the service needs of "now": the Hong Kong date and the instant. */
export interface Now {
  today: string;
  instant: Date;
}

function notFound(what: string): AppError {
  return new AppError('not_found', { message: `No ${what}` });
}

// ---------------------------------------------------------------- for other modules

// What billing, service requests and application cases read or record of a policy. Other
// modules reach the policy module only through its services (decision 170), never its
// repositories.
export {
  addEvent,
  countOwnInForceSelfCover,
  findOwnedPolicy,
  findOwnedPolicyByNumber,
  lockOwnedPolicy,
  toSpecStatus,
  type PolicyRow,
} from './policy.repository';

// ---------------------------------------------------------------- shapes

function toParty(row: repo.PartyRow): PolicyParty {
  return {
    id: row.id,
    identity: {
      first_name: row.firstName,
      last_name: row.lastName,
      chinese_first_name: row.chineseFirstName,
      chinese_last_name: row.chineseLastName,
    },
    gender: row.gender as Gender | null,
    date_of_birth: row.dateOfBirth,
    identity_document_type: row.identityDocumentType as IdentityDocumentType | null,
  };
}

type MemberRow = Awaited<ReturnType<typeof repo.listMembers>>[number];

/** A party built from a foundation member row ("Chan Tai Man" / "陳大文"), for policies without party rows. */
function partyFromMember(row: MemberRow): PolicyParty {
  const [last = '', ...first] = row.nameEn.split(' ');
  return {
    id: row.id,
    identity: {
      first_name: first.join(' '),
      last_name: last,
      chinese_first_name: row.nameZh.length > 1 ? row.nameZh.slice(1) : null,
      chinese_last_name: row.nameZh.length > 1 ? row.nameZh.slice(0, 1) : null,
    },
    gender: null,
    date_of_birth: null,
    identity_document_type: null,
  };
}

interface Parties {
  policyholder: PolicyParty;
  insuredLife: InsuredLife;
  insuredLifeBirth: string | null;
  beneficiaries: Beneficiary[];
}

export async function partiesOf(db: Database, policyIds: number[]): Promise<Map<number, Parties>> {
  const rows = await repo.listParties(db, policyIds);
  const missing = policyIds.filter(
    (id) => !rows.some((row) => row.policyId === id && row.role === 'policyholder'),
  );
  const members = await repo.listMembers(db, missing);
  const result = new Map<number, Parties>();
  for (const id of policyIds) {
    const own = rows.filter((row) => row.policyId === id);
    const holderRow = own.find((row) => row.role === 'policyholder');
    const insuredRow = own.find((row) => row.role === 'insured-life');
    const firstMember = members.find((row) => row.policyId === id);
    const fallback: PolicyParty = firstMember
      ? partyFromMember(firstMember)
      : {
          id,
          identity: {
            first_name: '',
            last_name: '',
            chinese_first_name: null,
            chinese_last_name: null,
          },
          gender: null,
          date_of_birth: null,
          identity_document_type: null,
        };
    const holder = holderRow ? toParty(holderRow) : fallback;
    const insured = insuredRow ? toParty(insuredRow) : holder;
    result.set(id, {
      policyholder: holder,
      insuredLife: {
        ...insured,
        relationship_to_policyholder: (insuredRow?.relationship ??
          firstMember?.relationship ??
          'self') as Relationship,
      },
      insuredLifeBirth: insured.date_of_birth,
      beneficiaries: own
        .filter((row) => row.role === 'beneficiary')
        .map((row) => ({
          ...toParty(row),
          relationship_to_insured_life: (row.relationship ?? 'relative') as Relationship,
          allocation_percentage: row.allocationPercentage ?? 0,
        })),
    });
  }
  return result;
}

/** The last day of cover: a termination's date, else the end of a term product's term. */
function expiryOf(row: repo.PolicyRow): string | null {
  if (row.terms?.expiryDate) return row.terms.expiryDate;
  const termYears = row.profile?.termYears ?? null;
  return termYears === null ? null : addDays(addMonths(row.activationDate, 12 * termYears), -1);
}

function toPolicy(row: repo.PolicyRow, parties: Parties, today: string): Policy {
  const status = repo.toSpecStatus(row.status);
  return {
    id: row.id,
    policy_number: row.policyNumber,
    application_case_id: null,
    application_id: null,
    beneficiaries: parties.beneficiaries,
    billing_id: row.billingId,
    dependents: [],
    effective_date: row.activationDate,
    expiry_date: expiryOf(row),
    insured_life: parties.insuredLife,
    is_effective:
      canMove(TERMINABLE_POLICY_STATUSES, status) && compareDates(row.activationDate, today) <= 0,
    issue_date: row.activationDate,
    parent: null,
    policyholder: parties.policyholder,
    product: {
      id: row.productId,
      code: row.productCode,
      short_name: row.profile?.shortName ?? row.productNameEn,
      full_name: row.profile?.fullName ?? row.productNameEn,
      ...productService.chineseNames(row.productNameZh, row.profile),
      product_type: row.productType,
      type: (row.profile?.line ?? null) as Policy['product']['type'],
    },
    status,
    underwriting_case_id: null,
    user_id: row.ownerUserId,
    group_policy_number: row.terms?.groupPolicyNumber ?? null,
    create_date: row.createDate.toISOString(),
    update_date: row.updateDate.toISOString(),
  };
}

export async function toPolicies(
  db: Database,
  rows: repo.PolicyRow[],
  today: string,
): Promise<Policy[]> {
  const parties = await partiesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const own = parties.get(row.id);
    if (!own) throw new Error(`parties of policy ${row.id} missing`);
    return toPolicy(row, own, today);
  });
}

// ---------------------------------------------------------------- reads

export async function requirePolicy(
  db: Database,
  caller: Caller,
  id: number,
): Promise<repo.PolicyRow> {
  const row = await repo.findOwnedPolicy(db, caller.userId, id);
  if (!row) throw notFound(`policy ${id}`);
  return row;
}

export async function listPolicies(
  db: Database,
  caller: Caller,
  today: string,
  filters: Omit<repo.PolicyFilters, 'ownerUserId'>,
  window: { offset: number; limit: number },
): Promise<{ items: Policy[]; total: number }> {
  const { rows, total } = await repo.listPolicies(
    db,
    { ...filters, ownerUserId: caller.userId },
    window,
  );
  return { items: await toPolicies(db, rows, today), total };
}

/** The next anniversary after `today` of a renewable policy; null for a term product. */
function renewalDate(row: repo.PolicyRow, today: string): string | null {
  if (row.profile?.termYears != null) return null;
  const months = row.profile?.renewalPeriod ?? 12;
  let next = addMonths(row.activationDate, months);
  for (let k = 2; compareDates(next, today) <= 0; k += 1) {
    next = addMonths(row.activationDate, months * k);
  }
  return next;
}

export async function getPolicyDetail(
  db: Database,
  caller: Caller,
  today: string,
  id: number,
): Promise<PolicyDetail> {
  const row = await requirePolicy(db, caller, id);
  return detailOf(db, row, today);
}

async function detailOf(db: Database, row: repo.PolicyRow, today: string): Promise<PolicyDetail> {
  const [base] = await toPolicies(db, [row], today);
  if (!base) throw new Error('policy shape missing');
  const schedule = await productService.listBenefitRows(db, row.productId, today);
  const detail: PolicyDetail = {
    ...base,
    policy_schedule: schedule.map((benefit) => ({
      benefit: benefit.code,
      name_en: benefit.nameEn,
      name_zh: benefit.nameZh,
      limit:
        benefit.limit ?? (benefit.unit === 'sum-assured' ? (row.terms?.sumAssured ?? null) : null),
      unit: benefit.unit,
    })),
    sum_assured: row.terms?.sumAssured ?? null,
    renewal_date: renewalDate(row, today),
    intentions: { renewal: (row.terms?.renewalIntention ?? 'undecided') as RenewalIntention },
  };
  const scheme = row.profile?.cashScheme;
  if (scheme) detail[cashBalanceKey(scheme)] = row.terms?.cashBalance ?? 0;
  return detail;
}

export async function getCoverage(
  db: Database,
  caller: Caller,
  id: number,
): Promise<PolicyCoverage> {
  const row = await requirePolicy(db, caller, id);
  return { total_sum_assured: row.terms?.sumAssured ?? row.profile?.annualLimit ?? 0 };
}

function toCoupon(row: repo.PolicyCouponRow['coupon']): Coupon {
  return {
    id: row.id,
    code: row.code,
    reward_type: row.rewardType as CouponRewardType,
    reward_value: row.rewardValue,
    reward_length: row.rewardLength,
    status: row.status as CouponStatus,
    expiry_date: row.expiryDate,
  };
}

export async function listCoupons(
  db: Database,
  caller: Caller,
  id: number,
): Promise<PolicyCoupon[]> {
  await requirePolicy(db, caller, id);
  return (await repo.listPolicyCoupons(db, id)).map((row) => ({
    coupon: toCoupon(row.coupon),
    reward_set: row.rewardSet,
    discount_start_date: row.discountStartDate,
    discount_end_date: row.discountEndDate,
  }));
}

export async function listProductDocuments(
  db: Database,
  caller: Caller,
  today: string,
  id: number,
): Promise<ProductDocument[]> {
  const row = await requirePolicy(db, caller, id);
  return productService.documentsFor(db, row.productCode, today, row.activationDate);
}

export async function listEvents(
  db: Database,
  caller: Caller,
  filters: Omit<repo.EventFilters, 'ownerUserId'>,
  window: { offset: number; limit: number },
): Promise<{ items: PolicyEvent[]; total: number }> {
  const { rows, total } = await repo.listEvents(
    db,
    { ...filters, ownerUserId: caller.userId },
    window,
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      type: row.type,
      event_type: row.eventType,
      payload: row.payload,
      active_documents: row.activeDocuments,
      create_date: row.createDate.toISOString(),
    })),
    total,
  };
}

// ---------------------------------------------------------------- projections

interface ProjectionOverrides {
  frequency?: PaymentFrequency | undefined;
  productId?: number | undefined;
  sumAssured?: number | undefined;
}

async function projectionOf(
  db: Database,
  row: repo.PolicyRow,
  today: string,
  years: number,
  mode: ProjectionMode,
  overrides: ProjectionOverrides = {},
): Promise<DiscountProjection> {
  const parties = (await partiesOf(db, [row.id])).get(row.id);
  const birth = parties?.insuredLifeBirth ?? null;
  if (birth === null) {
    throw new AppError('missing_date_of_birth', {
      message: `The insured life of ${row.policyNumber} has no date of birth to price by`,
    });
  }
  const productId = overrides.productId ?? row.productId;
  const profile =
    overrides.productId === undefined
      ? row.profile
      : (await productService.findProductRow(db, overrides.productId))?.profile;
  const bands = await productService.listPremiumRateRows(db, productId);
  const coupons = (await repo.listPolicyCoupons(db, row.id))
    .filter((entry) => entry.coupon.status === 'active')
    .map((entry) => ({
      rewardType: entry.coupon.rewardType as CouponRewardType,
      rewardValue: entry.coupon.rewardValue,
      rewardLength: entry.coupon.rewardLength,
      discountStartDate: entry.discountStartDate,
      discountEndDate: entry.discountEndDate,
    }));
  const requireSumAssured = profile?.requireSumAssured ?? false;
  const sumAssured = requireSumAssured
    ? (overrides.sumAssured ?? row.terms?.sumAssured ?? null)
    : null;
  if (requireSumAssured && sumAssured === null) {
    throw new AppError('missing_sum_assured', {
      message: `${row.policyNumber} has no sum assured to price by`,
    });
  }
  const termYears = profile?.termYears ?? null;
  const expiry =
    row.terms?.expiryDate ??
    (termYears === null ? null : addDays(addMonths(row.activationDate, 12 * termYears), -1));
  const projection: ProjectionYear[] = projectPremiums({
    activationDate: row.activationDate,
    today,
    dateOfBirth: birth,
    frequency: (overrides.frequency ?? row.terms?.frequency ?? 'annual') as PaymentFrequency,
    bands,
    sumAssured,
    expiryDate: expiry,
    maxRenewalAge: profile?.maxRenewalAge ?? null,
    coupons,
    longTerm: (profile?.line ?? '').startsWith('term'),
    years,
  });
  const shown = mode === 'discount' ? projection.filter((year) => year.discount > 0) : projection;
  return {
    policy: row.policyNumber,
    projection: shown,
    total_discount: cents(projection.reduce((sum, year) => sum + year.discount, 0)),
  };
}

export async function getProjection(
  db: Database,
  caller: Caller,
  today: string,
  id: number,
  query: { mode: ProjectionMode; projection_years: number },
): Promise<DiscountProjection> {
  const row = await requirePolicy(db, caller, id);
  return projectionOf(db, row, today, query.projection_years, query.mode);
}

/** Every number must be the caller's: one that is not makes the whole call not found. */
export async function getBulkProjection(
  db: Database,
  caller: Caller,
  today: string,
  query: { mode: ProjectionMode; projection_years: number; policy_number__in: string[] },
): Promise<BulkProjection> {
  const numbers = [...new Set(query.policy_number__in)];
  const rows = await repo.listOwnedPoliciesByNumber(db, caller.userId, numbers);
  if (rows.length !== numbers.length) throw notFound('policy with one of these numbers');
  const projections: DiscountProjection[] = [];
  for (const row of rows) {
    projections.push(await projectionOf(db, row, today, query.projection_years, query.mode));
  }
  return {
    projections,
    total_discount: cents(projections.reduce((sum, item) => sum + item.total_discount, 0)),
  };
}

export async function projectPremium(
  db: Database,
  caller: Caller,
  today: string,
  policyNumber: string,
  body: ProjectPremiumBody & { projection_years: number },
): Promise<DiscountProjection> {
  const row = await repo.findOwnedPolicyByNumber(db, caller.userId, policyNumber);
  if (!row) throw notFound(`policy ${policyNumber}`);
  let productId: number | undefined;
  let requireSumAssured = row.profile?.requireSumAssured ?? false;
  if (body.product_code !== undefined && body.product_code !== row.productCode) {
    const target = await productService.findProductRowByCode(db, body.product_code);
    if (!target) {
      throw new AppError('missing_product', { message: `No product ${body.product_code}` });
    }
    productId = target.id;
    requireSumAssured = target.profile.requireSumAssured;
  }
  if (body.sum_assured !== undefined) {
    if (!requireSumAssured) {
      throw validationError(
        [{ path: 'body.sum_assured', message: 'not allowed for this product', key: 'invalid' }],
        { message: 'Invalid body sum_assured: this product is not priced by a sum assured' },
      );
    }
    const parties = (await partiesOf(db, [row.id])).get(row.id);
    const birth = parties?.insuredLifeBirth;
    const ranges = await productService.listSumAssuredRangeRows(db, productId ?? row.productId);
    const age = birth ? ageOn(birth, today) : null;
    const range = ranges.find((r) => age !== null && r.minIssueAge <= age && age <= r.maxIssueAge);
    if (
      !range ||
      body.sum_assured < range.minSumAssured ||
      body.sum_assured > range.maxSumAssured
    ) {
      throw new AppError('sum_assured_out_of_range', {
        message: range
          ? `The sum assured must be between ${range.minSumAssured} and ${range.maxSumAssured}`
          : 'No sum assured is offered at this age',
      });
    }
  }
  return projectionOf(db, row, today, body.projection_years, 'premium', {
    frequency: body.frequency,
    productId,
    sumAssured: body.sum_assured,
  });
}

// ---------------------------------------------------------------- moves

/** Locks the caller's policy for a move and reads it; another customer's is not found. */
export async function lockPolicy(
  db: Database,
  caller: Caller,
  id: number,
): Promise<repo.PolicyRow> {
  if (!(await repo.lockOwnedPolicy(db, caller.userId, id))) throw notFound(`policy ${id}`);
  return requirePolicy(db, caller, id);
}

export function refuseMove(action: string, status: string): AppError {
  return new AppError('invalid_state_transition', {
    message: `A policy cannot be ${action} while it is ${status}`,
    details: { status },
  });
}

export async function terminate(
  db: Database,
  caller: Caller,
  now: Now,
  id: number,
  body: TerminateBody,
): Promise<Policy> {
  const row = await lockPolicy(db, caller, id);
  const status = repo.toSpecStatus(row.status);
  if (!canMove(TERMINABLE_POLICY_STATUSES, status)) throw refuseMove('terminated', status);
  if (compareDates(body.effective_date, now.today) < 0) {
    throw new AppError('effective_date_in_past', {
      message: `The termination cannot take effect before ${now.today}`,
    });
  }
  const next = terminatedStatus(status);
  await repo.setPolicyStatus(db, id, next, now.instant);
  await repo.setExpiryDate(db, id, body.effective_date, now.instant);
  await repo.declineOpenOffers(db, id, now.instant);
  await repo.addEvent(db, {
    policyId: id,
    eventType: next === 'canceled' ? 'policy-canceled' : 'policy-terminated',
    payload: {
      from_status: status,
      to_status: next,
      effective_date: body.effective_date,
      reason: body.reason,
      ...(body.feedback === undefined ? {} : { feedback: body.feedback }),
    },
    createDate: now.instant,
  });
  const [policy] = await toPolicies(db, [await requirePolicy(db, caller, id)], now.today);
  if (!policy) throw new Error('policy vanished');
  return policy;
}

function toSelling(row: repo.SellingRow): PolicySelling {
  return {
    id: row.id,
    policy: row.policyId,
    selling: {
      reward_set: row.rewardSet,
      coupon: toCoupon(row.coupon),
      status: row.status as PolicySelling['selling']['status'],
    },
    create_date: row.createDate.toISOString(),
    update_date: row.updateDate.toISOString(),
  };
}

/**
 * Starts a termination: records it and, when the product has a retention reward set and the
 * policy has not taken a retention offer before, offers a coupon (the open offer again if one
 * is still valid).
 */
export async function startRetentionSelling(
  db: Database,
  caller: Caller,
  now: Now,
  id: number,
  body: RetentionSellingBody,
): Promise<{ offer: PolicySelling | null }> {
  const row = await lockPolicy(db, caller, id);
  const status = repo.toSpecStatus(row.status);
  if (!canMove(TERMINABLE_POLICY_STATUSES, status)) throw refuseMove('terminated', status);
  const sellings = await repo.listSellingsOfPolicy(db, id);
  const open = sellings.find(
    (s) =>
      s.status === 'offered' &&
      (s.coupon.expiryDate === null || compareDates(now.today, s.coupon.expiryDate) <= 0),
  );
  let offerId: number | null = open?.id ?? null;
  const rewardSetName = row.profile?.retentionRewardSet ?? null;
  const tookOneBefore = sellings.some((s) => s.status === 'accepted');
  if (offerId === null && rewardSetName !== null && !tookOneBefore) {
    const rewardSet = await repo.findRewardSet(db, rewardSetName);
    if (rewardSet) {
      offerId = await repo.createOffer(db, {
        policyId: id,
        rewardSet: rewardSet.rewardSet,
        reason: body.reason,
        now: now.instant,
        coupon: {
          code: `RET-${row.policyNumber}-${sellings.length + 1}`,
          rewardType: rewardSet.rewardType,
          rewardValue: rewardSet.rewardValue,
          rewardLength: rewardSet.rewardLength,
          status: 'inactive',
          expiryDate: addDays(now.today, rewardSet.validDays),
        },
      });
    }
  }
  await repo.addEvent(db, {
    policyId: id,
    eventType: 'termination-started',
    payload: { reason: body.reason, offer: offerId },
    createDate: now.instant,
  });
  if (offerId === null) return { offer: null };
  const offer = await repo.findOwnedSelling(db, caller.userId, offerId);
  return { offer: offer ? toSelling(offer) : null };
}

/** Accepting an offer applies its coupon and withdraws the termination. */
export async function acceptSelling(
  db: Database,
  caller: Caller,
  now: Now,
  sellingId: number,
): Promise<PolicySelling> {
  const selling = await repo.findOwnedSelling(db, caller.userId, sellingId);
  if (!selling) throw notFound(`policy selling ${sellingId}`);
  const row = await lockPolicy(db, caller, selling.policyId);
  const expired =
    selling.coupon.expiryDate !== null && compareDates(now.today, selling.coupon.expiryDate) > 0;
  if (selling.status !== 'offered' || expired) {
    throw new AppError('offer_not_available', {
      message: expired ? 'This offer has expired' : `This offer is already ${selling.status}`,
    });
  }
  const status = repo.toSpecStatus(row.status);
  if (!canMove(ACTIVE_POLICY_STATUSES, status)) throw refuseMove('retained', status);
  await repo.setSellingStatus(db, sellingId, 'accepted', now.instant);
  await repo.activateCoupon(db, {
    couponId: selling.coupon.id,
    policyId: selling.policyId,
    rewardSet: selling.rewardSet,
    start: now.today,
    end: addMonths(now.today, 12),
    now: now.instant,
  });
  await repo.addEvent(db, {
    policyId: selling.policyId,
    eventType: 'termination-withdrawn',
    payload: { policy_selling: sellingId, coupon: selling.coupon.code },
    createDate: now.instant,
  });
  const accepted = await repo.findOwnedSelling(db, caller.userId, sellingId);
  if (!accepted) throw new Error('selling vanished');
  return toSelling(accepted);
}

/** Replaces the beneficiaries of an active policy. */
export async function setBeneficiaries(
  db: Database,
  caller: Caller,
  now: Now,
  id: number,
  body: z.output<typeof BeneficiariesBodySchema>,
): Promise<PolicyDetail> {
  const row = await lockPolicy(db, caller, id);
  const status = repo.toSpecStatus(row.status);
  if (!canMove(ACTIVE_POLICY_STATUSES, status)) throw refuseMove('changed', status);
  await repo.replaceBeneficiaries(
    db,
    id,
    body.beneficiaries.map((b) => ({
      firstName: b.identity.first_name,
      lastName: b.identity.last_name,
      chineseFirstName: b.identity.chinese_first_name,
      chineseLastName: b.identity.chinese_last_name,
      gender: b.gender ?? null,
      dateOfBirth: b.date_of_birth ?? null,
      relationship: b.relationship_to_insured_life,
      allocationPercentage: b.allocation_percentage,
    })),
  );
  await repo.addEvent(db, {
    policyId: id,
    eventType: 'beneficiaries-changed',
    payload: { count: body.beneficiaries.length },
    createDate: now.instant,
  });
  return detailOf(db, await requirePolicy(db, caller, id), now.today);
}

// ---------------------------------------------------------------- product options of a policy

/**
 * The options from the policy's product, each with a quotation for the insured life today and
 * the eligibility rules: the policy is active, the insured's age is within the target product's
 * issue ages, and the option's policy-option rules (decision 130) hold, decided by the shared
 * evaluator for the caller as policyholder, or as payment owner when a third party pays.
 */
export async function listProductOptions(
  db: Database,
  caller: Caller,
  today: string,
  id: number,
): Promise<PolicyProductOption[]> {
  const row = await requirePolicy(db, caller, id);
  const parties = (await partiesOf(db, [row.id])).get(row.id);
  const birth = parties?.insuredLifeBirth ?? null;
  const age = birth === null ? null : ageOn(birth, today);
  const frequency = (row.terms?.frequency ?? 'annual') as PaymentFrequency;
  const anniversary = renewalDate(row, today);
  const actor = (await repo.paidByThirdParty(db, row.id)) ? 'payment-owner' : 'policyholder';
  const insured: repo.InsuredPerson = {
    firstName: parties?.insuredLife.identity.first_name ?? '',
    lastName: parties?.insuredLife.identity.last_name ?? '',
    dateOfBirth: birth,
  };
  const options = (await productService.listOptionRows(db)).filter(
    (option) => option.fromProduct === row.productCode,
  );
  const result: PolicyProductOption[] = [];
  for (const option of options) {
    const target = await productService.findProductRow(db, option.toProductId);
    if (!target) continue;
    const p = target.profile;
    const minYears = p.minIssueAgeUnit === 'year' ? p.minIssueAgeValue : 0;
    const maxYears = p.maxIssueAgeUnit === 'year' ? p.maxIssueAgeValue : 0;
    const ruled = evaluatePolicyOptionRules(
      productService.rulesOfOption({
        type: option.type,
        from_product: row.productCode,
        to_product: option.toProduct,
      }),
      {
        actor,
        today,
        in_force_policies_of_insured_life: await repo.countInForceOfInsuredLife(
          db,
          target.id,
          insured,
          row.id,
        ),
        parent_policy_start_date: row.activationDate,
        next_anniversary: anniversary,
      },
    );
    const eligibilities = [
      {
        rule: 'policy-active',
        is_eligible: canMove(ACTIVE_POLICY_STATUSES, repo.toSpecStatus(row.status)),
      },
      { rule: 'issue-age', is_eligible: age !== null && minYears <= age && age <= maxYears },
      ...ruled.map(({ rule, is_eligible }) => ({ rule, is_eligible })),
    ];
    const bands = await productService.listPremiumRateRows(db, target.id);
    const band = age === null ? undefined : bands.find((b) => b.minAge <= age && age <= b.maxAge);
    const sumAssured = p.requireSumAssured ? (row.terms?.sumAssured ?? null) : null;
    const priced = band !== undefined && (!p.requireSumAssured || sumAssured !== null);
    const annual = !priced
      ? 0
      : sumAssured === null
        ? band.annualPremium
        : (band.annualPremium * sumAssured) / 1000;
    const { factor } = FREQUENCY_FACTORS[frequency];
    const cap = (p.line ?? '').startsWith('term')
      ? INSURANCE_LEVY.capLongTerm
      : INSURANCE_LEVY.capGeneral;
    result.push({
      type: option.type as PolicyProductOption['type'],
      from_product: option.fromProduct,
      to_product: option.toProduct,
      quotation: priced
        ? {
            annual_premium: cents(annual),
            modal_premium: cents(annual * factor),
            levy: cents(Math.min(annual * INSURANCE_LEVY.rate, cap)),
            currency: 'HKD',
          }
        : null,
      eligibilities,
      is_eligible: eligibilities.every((rule) => rule.is_eligible),
    });
  }
  return result;
}
