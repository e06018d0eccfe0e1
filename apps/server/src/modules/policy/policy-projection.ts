// The premium projection of a policy: by year, with its coupons' discounts, and what-if quotes.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { validationError } from '@clinicpass/shared/errors/validation-error';
import type { ProjectPremiumBody } from '@clinicpass/shared/platform/bodies';
import type {
  BulkProjection,
  DiscountProjection,
  ProjectionYear,
} from '@clinicpass/shared/platform/entities/policy';
import type {
  CouponRewardType,
  PaymentFrequency,
  ProjectionMode,
} from '@clinicpass/shared/platform/enums';
import { addDays, addMonths } from '@clinicpass/shared/time/clock';
import type { Database } from '../../db/client';
import * as productService from '../product/product.service';
import { notFound, requirePolicy, type Caller } from './policy-ownership';
import { partiesOf } from './policy-shapes';
import * as repo from './policy.repository';
import { ageOn, cents, projectPremiums } from './premium';

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
