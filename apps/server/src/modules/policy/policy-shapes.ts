// The policy entities as the API shows them, built from repository rows.
import {
  cashBalanceKey,
  type Beneficiary,
  type Coupon,
  type InsuredLife,
  type Policy,
  type PolicyDetail,
  type PolicyParty,
  type PolicySelling,
} from '@clinicpass/shared/platform/entities/policy';
import type {
  CouponRewardType,
  CouponStatus,
  Gender,
  IdentityDocumentType,
  Relationship,
  RenewalIntention,
} from '@clinicpass/shared/platform/enums';
import { canMove, TERMINABLE_POLICY_STATUSES } from '@clinicpass/shared/platform/transitions';
import { addDays, addMonths, compareDates } from '@clinicpass/shared/time/clock';
import type { Database } from '../../db/client';
import * as productService from '../product/product.service';
import * as repo from './policy.repository';

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

/** The next anniversary after `today` of a renewable policy; null for a term product. */
export function renewalDate(row: repo.PolicyRow, today: string): string | null {
  if (row.profile?.termYears != null) return null;
  const months = row.profile?.renewalPeriod ?? 12;
  let next = addMonths(row.activationDate, months);
  for (let k = 2; compareDates(next, today) <= 0; k += 1) {
    next = addMonths(row.activationDate, months * k);
  }
  return next;
}

export async function detailOf(
  db: Database,
  row: repo.PolicyRow,
  today: string,
): Promise<PolicyDetail> {
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

export function toCoupon(row: repo.PolicyCouponRow['coupon']): Coupon {
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

export function toSelling(row: repo.SellingRow): PolicySelling {
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
