// A policy's moves: termination, retention selling (an offer instead of a termination) and
// beneficiary changes.
import { AppError } from '@clinicpass/shared/errors/app-error';
import type {
  BeneficiariesBodySchema,
  RetentionSellingBody,
  TerminateBody,
} from '@clinicpass/shared/platform/bodies';
import type {
  Policy,
  PolicyDetail,
  PolicySelling,
} from '@clinicpass/shared/platform/entities/policy';
import {
  ACTIVE_POLICY_STATUSES,
  canMove,
  TERMINABLE_POLICY_STATUSES,
  terminatedStatus,
} from '@clinicpass/shared/platform/transitions';
import { addDays, addMonths, compareDates } from '@clinicpass/shared/time/clock';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import {
  lockPolicy,
  notFound,
  refuseMove,
  requirePolicy,
  type Caller,
  type Now,
} from './policy-ownership';
import { detailOf, toPolicies, toSelling } from './policy-shapes';
import * as repo from './policy.repository';

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
