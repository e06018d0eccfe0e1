// The caller's policies and what hangs off one: detail, coverage, coupons, documents, events.
import type {
  Policy,
  PolicyCoupon,
  PolicyCoverage,
  PolicyDetail,
  PolicyEvent,
} from '@clinicpass/shared/platform/entities/policy';
import type { ProductDocument } from '@clinicpass/shared/platform/entities/product';
import type { Database } from '../../db/client';
import * as productService from '../product/product.service';
import { requirePolicy, type Caller } from './policy-ownership';
import { detailOf, toCoupon, toPolicies } from './policy-shapes';
import * as repo from './policy.repository';

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

export async function getPolicyDetail(
  db: Database,
  caller: Caller,
  today: string,
  id: number,
): Promise<PolicyDetail> {
  const row = await requirePolicy(db, caller, id);
  return detailOf(db, row, today);
}

export async function getCoverage(
  db: Database,
  caller: Caller,
  id: number,
): Promise<PolicyCoverage> {
  const row = await requirePolicy(db, caller, id);
  return { total_sum_assured: row.terms?.sumAssured ?? row.profile?.annualLimit ?? 0 };
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
