// Rules of the policy records: the claim balance and benefit allocation (decision 075), tax
// reports, renewals, survey attempts and profile mappings (decision 078). Another customer's
// policy or record is not found.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { validationError } from '@clinicpass/shared/errors/validation-error';
import { documentPaths } from '@clinicpass/shared/platform/documents';
import type {
  AllocateBenefitBody,
  PolicyProfileMappingBodySchema,
  PolicySurveyAttemptBodySchema,
} from '@clinicpass/shared/platform/bodies';
import {
  MONEY_PER_UNIT,
  type ClaimBalanceItem,
  type PolicyClaimBalance,
  type PolicyProfileMapping,
  type PolicySurveyAttempt,
  type Renewal,
  type TaxReport,
} from '@clinicpass/shared/platform/entities/policy';
import type { ProfileMappingRole } from '@clinicpass/shared/platform/enums';
import { ACTIVE_POLICY_STATUSES, canMove } from '@clinicpass/shared/platform/transitions';
import { addMonths, compareDates } from '@clinicpass/shared/time/clock';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import * as claims from '../claims/claims.service';
import * as productService from '../product/product.service';
import * as policyRepo from './policy.repository';
import { lockPolicy, refuseMove, requirePolicy, type Caller, type Now } from './policy.service';
import { cents } from './premium';
import * as repo from './policy-records.repository';

interface Window {
  offset: number;
  limit: number;
}

function invalid(path: string, message: string): AppError {
  return validationError([{ path, message, key: 'invalid' }], {
    message: `Invalid ${path.replace('.', ' ')}: ${message}`,
  });
}

// ---------------------------------------------------------------- claim balance

/** Benefits whose claims count against the supplementary major medical (SMM) annual limit. */
export const SMM_BENEFITS: readonly string[] = ['room-and-board', 'surgeon-fee'];

/** The anniversary that starts the policy year `today` falls in (policy years run 12 months). */
export function lastAnniversary(activationDate: string, today: string): string {
  let last = activationDate;
  for (let k = 1; ; k += 1) {
    const next = addMonths(activationDate, 12 * k);
    if (compareDates(next, today) > 0) return last;
    last = next;
  }
}

const sum = (values: number[]) => cents(values.reduce((total, value) => total + value, 0));
const remaining = (limit: number | null, used: number) =>
  limit === null ? null : cents(Math.max(0, limit - used));

async function claimBalanceOf(
  db: Database,
  row: policyRepo.PolicyRow,
  today: string,
): Promise<PolicyClaimBalance> {
  const since = lastAnniversary(row.activationDate, today);
  const [schedule, usage, allocations, product] = await Promise.all([
    productService.listBenefitRows(db, row.productId, today),
    claims.listUsage(db, row.id, today),
    repo.listAllocations(db, row.id, since),
    productService.findProductRow(db, row.productId),
  ]);
  const thisYear = usage.filter((use) => compareDates(use.incurredOn, since) >= 0);
  const items: ClaimBalanceItem[] = schedule.map((benefit) => {
    const limit =
      benefit.limit ?? (benefit.unit === 'sum-assured' ? (row.terms?.sumAssured ?? null) : null);
    const used = sum(thisYear.filter((use) => use.benefit === benefit.code).map((u) => u.units));
    return {
      benefit: benefit.code,
      name_en: benefit.nameEn,
      name_zh: benefit.nameZh,
      limit,
      used,
      // A limit per day or per surgery is not used up by a claim (decision 222).
      balance:
        benefit.unit !== null && MONEY_PER_UNIT.includes(benefit.unit)
          ? limit
          : remaining(limit, used),
      allocated: sum(allocations.filter((a) => a.benefit === benefit.code).map((a) => a.amount)),
    };
  });
  const profile = product?.profile ?? null;
  return {
    balance_items: items,
    evaluated_on: today,
    last_anniversary: since,
    annual_balance_limit: remaining(
      profile?.annualLimit ?? null,
      sum(thisYear.map((use) => use.amount)),
    ),
    smm_annual_balance_limit: remaining(
      profile?.smmAnnualLimit ?? null,
      sum(thisYear.filter((use) => SMM_BENEFITS.includes(use.benefit)).map((use) => use.amount)),
    ),
    // No product of the catalogue has a deductible (decision 075).
    deductible_balance_limit: null,
    lifetime_balance_limit: remaining(
      profile?.lifetimeLimit ?? null,
      sum(usage.map((use) => use.amount)),
    ),
  };
}

export async function getClaimBalance(
  db: Database,
  caller: Caller,
  today: string,
  id: number,
): Promise<PolicyClaimBalance> {
  return claimBalanceOf(db, await requirePolicy(db, caller, id), today);
}

/**
 * Earmarks part of the policy's cash balance for a benefit of its schedule this policy year:
 * the policy must be active and its product have a cash scheme, the benefit must be in the
 * schedule, and the amount (whole cents) at most the cash balance.
 */
export async function allocateBenefit(
  db: Database,
  caller: Caller,
  now: Now,
  id: number,
  body: AllocateBenefitBody,
): Promise<PolicyClaimBalance> {
  const row = await lockPolicy(db, caller, id);
  const status = policyRepo.toSpecStatus(row.status);
  if (!canMove(ACTIVE_POLICY_STATUSES, status)) throw refuseMove('allocated to', status);
  if (Math.abs(body.amount * 100 - Math.round(body.amount * 100)) > 1e-6) {
    throw invalid('body.amount', 'must be in whole cents');
  }
  const schedule = await productService.listBenefitRows(db, row.productId, now.today);
  if (!schedule.some((benefit) => benefit.code === body.benefit)) {
    throw invalid('body.benefit', `'${body.benefit}' is not a benefit of this policy`);
  }
  if (!row.profile?.cashScheme) {
    throw new AppError('insufficient_cash_balance', {
      message: `${row.policyNumber} has no cash balance to allocate`,
      details: { cash_balance: 0 },
    });
  }
  const cash = row.terms?.cashBalance ?? 0;
  if (body.amount > cash) {
    throw new AppError('insufficient_cash_balance', {
      message: `The cash balance is ${cash}, less than ${body.amount}`,
      details: { cash_balance: cash },
    });
  }
  await repo.setCashBalance(db, id, cents(cash - body.amount), now.instant);
  await repo.addAllocation(db, {
    policyId: id,
    benefit: body.benefit,
    amount: body.amount,
    policyYearStart: lastAnniversary(row.activationDate, now.today),
    createDate: now.instant,
  });
  await policyRepo.addEvent(db, {
    policyId: id,
    eventType: 'benefit-allocated',
    payload: {
      benefit: body.benefit,
      amount: body.amount,
      cash_balance: cents(cash - body.amount),
    },
    createDate: now.instant,
  });
  return claimBalanceOf(db, await requirePolicy(db, caller, id), now.today);
}

// ---------------------------------------------------------------- tax reports, renewals

export async function listTaxReports(
  db: Database,
  caller: Caller,
  policyNumber: string | undefined,
  window: Window,
): Promise<{ items: TaxReport[]; total: number }> {
  const { rows, total } = await repo.listTaxReports(db, caller.userId, policyNumber, window);
  return {
    items: rows.map((row) => ({
      id: row.id,
      start_date: row.startDate,
      end_date: row.endDate,
      // The statement's PDF at our own address (decision 197).
      document: {
        name: row.documentName,
        ...(row.documentNameZh === null ? {} : { name_zh: row.documentNameZh }),
        url: documentPaths.taxReport(row.id),
      },
      create_date: row.createDate.toISOString(),
      update_date: row.updateDate.toISOString(),
    })),
    total,
  };
}

export async function listRenewals(
  db: Database,
  caller: Caller,
  policyNumber: string | undefined,
  window: Window,
): Promise<{ items: Renewal[]; total: number }> {
  const { rows, total } = await repo.listRenewals(db, caller.userId, policyNumber, window);
  return {
    items: rows.map((row) => ({
      id: row.renewal.id,
      policy_number: row.policyNumber,
      renewal_date: row.renewal.renewalDate,
      // A notice once issued, at our own address (decision 197).
      document:
        row.renewal.document == null
          ? null
          : {
              name: row.renewal.document.name,
              ...(row.renewal.document.name_zh === undefined
                ? {}
                : { name_zh: row.renewal.document.name_zh }),
              url: documentPaths.renewal(row.renewal.id),
            },
    })),
    total,
  };
}

// ---------------------------------------------------------------- survey attempts

/** The most a survey attempt may hold, as JSON text. */
export const SURVEY_ATTEMPT_MAX_CHARACTERS = 10_000;

export async function createSurveyAttempt(
  db: Database,
  caller: Caller,
  now: Now,
  body: z.output<typeof PolicySurveyAttemptBodySchema>,
): Promise<PolicySurveyAttempt> {
  if (JSON.stringify(body.attempt).length > SURVEY_ATTEMPT_MAX_CHARACTERS) {
    throw invalid('body.attempt', `must be at most ${SURVEY_ATTEMPT_MAX_CHARACTERS} characters`);
  }
  const row = await requirePolicy(db, caller, body.policy);
  const created = await repo.addSurveyAttempt(db, {
    policyId: row.id,
    attempt: body.attempt,
    createDate: now.instant,
  });
  return { id: created.id, policy: created.policyId, attempt: created.attempt };
}

// ---------------------------------------------------------------- profile mappings

function toMapping(row: repo.MappingRow): PolicyProfileMapping {
  return {
    id: row.id,
    policy_number: row.policyNumber,
    role: row.role as ProfileMappingRole,
    profile: row.profileId,
    parameters: row.parameters,
  };
}

export async function listProfileMappings(
  db: Database,
  caller: Caller,
  filters: { policyNumber?: string | undefined; role?: string | undefined },
  window: Window,
): Promise<{ items: PolicyProfileMapping[]; total: number }> {
  const { rows, total } = await repo.listMappings(
    db,
    { ownerUserId: caller.userId, ...filters },
    window,
  );
  return { items: rows.map(toMapping), total };
}

export async function getProfileMapping(
  db: Database,
  caller: Caller,
  id: number,
): Promise<PolicyProfileMapping> {
  const row = await repo.findOwnedMapping(db, caller.userId, id);
  if (!row) throw new AppError('not_found', { message: `No policy profile mapping ${id}` });
  return toMapping(row);
}

/**
 * Maps a party of the caller's policy to a role: the profile must be a party of that policy; a
 * party role (policyholder, insured-life, beneficiary) must be the party's own; `payor` may be
 * any party. The same mapping twice is 409 `conflict`.
 */
export async function createProfileMapping(
  db: Database,
  caller: Caller,
  now: Now,
  body: z.output<typeof PolicyProfileMappingBodySchema>,
): Promise<PolicyProfileMapping> {
  const owned = await policyRepo.findOwnedPolicyByNumber(db, caller.userId, body.policy_number);
  if (!owned) throw new AppError('not_found', { message: `No policy ${body.policy_number}` });
  await lockPolicy(db, caller, owned.id);
  const party = await repo.findParty(db, owned.id, body.profile);
  if (!party) throw invalid('body.profile', `is not a party of ${body.policy_number}`);
  if (body.role !== 'payor' && party.role !== body.role) {
    throw invalid('body.role', `profile ${body.profile} is the policy's ${party.role}`);
  }
  const id = await repo.addMapping(db, {
    policyId: owned.id,
    role: body.role,
    profileId: body.profile,
    parameters: body.parameters,
    now: now.instant,
  });
  if (id === null) {
    throw new AppError('conflict', {
      message: `Profile ${body.profile} is already mapped to ${body.policy_number} as ${body.role}`,
    });
  }
  return getProfileMapping(db, caller, id);
}

/** Deletes a mapping; a policy keeps at least one policyholder mapping (409 `conflict`). */
export async function deleteProfileMapping(
  db: Database,
  caller: Caller,
  id: number,
): Promise<void> {
  const row = await repo.findOwnedMapping(db, caller.userId, id, true);
  if (!row) throw new AppError('not_found', { message: `No policy profile mapping ${id}` });
  await repo.lockMappingsOf(db, row.policyId);
  if (row.role === 'policyholder' && (await repo.countMappings(db, row.policyId, row.role)) <= 1) {
    throw new AppError('conflict', {
      message: `${row.policyNumber} must keep a policyholder mapping`,
    });
  }
  await repo.deleteMapping(db, id);
}
