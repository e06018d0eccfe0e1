// Group policies (decision 077): the administrator removes members within their movement date
// range; group documents; and redeeming a member policy with the one-time code of its welcome
// letter (decision 076).
import { AppError } from '@clinicpass/shared/errors/app-error';
import { validationError } from '@clinicpass/shared/errors/validation-error';
import { isValidHkid } from '@clinicpass/shared/identity/hkid';
import type { GroupPolicyRemoveBody, RedeemPolicyBody } from '@clinicpass/shared/platform/bodies';
import type {
  MemberMovementDateRange,
  RedeemedPolicy,
} from '@clinicpass/shared/platform/entities/policy';
import type { ProductDocument } from '@clinicpass/shared/platform/entities/product';
import type { DocumentPlatform } from '@clinicpass/shared/platform/enums';
import type { GroupPolicyRemoveResult } from '@clinicpass/shared/platform/entities/results';
import { addDays, compareDates, maxDate } from '@clinicpass/shared/time/clock';
import { hkidLookupHash } from '../../lib/hkid-hash';
import { redeemCodeHash } from '../../lib/redeem-code';
import type { Db } from '../platform-common/db';
import * as policyRepo from './policy.repository';
import { toPolicies, type Caller, type Now } from './policy.service';
import * as repo from './group-policy.repository';

/** How far back a member's removal may take effect (days before today). */
export const MEMBER_MOVEMENT_BACKDATE_DAYS = 30;
/** How far ahead a member's removal may be scheduled (days after today). */
export const MEMBER_MOVEMENT_FORWARD_DAYS = 90;

function notFound(what: string): AppError {
  return new AppError('not_found', { message: `No ${what}` });
}

function minDate(a: string, b: string): string {
  return compareDates(a, b) <= 0 ? a : b;
}

/**
 * The dates a member's removal may take effect: from the latest of the member's join date, the
 * group period's start and today − 30 days, to the earlier of the group period's end and
 * today + 90 days. Null when the member or the group can no longer move.
 */
function movementRange(
  memberRow: { joinDate: string; status: string },
  group: repo.GroupRow,
  today: string,
): MemberMovementDateRange | null {
  if (memberRow.status !== 'active' || group.status !== 'in-force') return null;
  const start = maxDate(
    memberRow.joinDate,
    group.periodStartDate,
    addDays(today, -MEMBER_MOVEMENT_BACKDATE_DAYS),
  );
  const end = minDate(group.periodEndDate, addDays(today, MEMBER_MOVEMENT_FORWARD_DAYS));
  return compareDates(start, end) <= 0 ? { start_date: start, end_date: end } : null;
}

export async function getMovementDateRange(
  db: Db,
  caller: Caller,
  today: string,
  memberPolicyId: number,
): Promise<MemberMovementDateRange> {
  const found = await repo.findAdministeredMember(db, caller.userId, memberPolicyId);
  if (!found) throw notFound(`group member policy ${memberPolicyId}`);
  const range = movementRange(found.member, found.group, today);
  if (!range) {
    throw new AppError('invalid_state_transition', {
      message: `${found.member.policyNumber} can no longer be moved (${found.member.status})`,
      details: { status: found.member.status },
    });
  }
  return range;
}

/**
 * Removes members from the caller's group policy at one effective date, with their dependants.
 * Every number must be a member of this group (else 404), still active (else 409
 * `invalid_state_transition`) and the date inside every removed member's movement range (else
 * 409 `movement_date_out_of_range`). Member policies become `terminated`, expiring on the date.
 */
export async function removeMembers(
  db: Db,
  caller: Caller,
  now: Now,
  groupId: number,
  body: GroupPolicyRemoveBody,
): Promise<GroupPolicyRemoveResult> {
  const group = await repo.findAdministeredGroup(db, caller.userId, groupId, true);
  if (!group) throw notFound(`group policy ${groupId}`);
  const numbers = [...new Set(body.member_policy_numbers)];
  const named = await repo.lockMembersByNumber(db, group.id, numbers);
  const missing = numbers.filter((number) => !named.some((row) => row.policyNumber === number));
  if (missing.length > 0) {
    throw notFound(`member policy ${missing.join(', ')} in ${group.groupPolicyNumber}`);
  }
  const dependants = (
    await repo.lockActiveDependants(
      db,
      named.map((row) => row.policyId),
    )
  ).filter((row) => !named.some((other) => other.id === row.id));
  for (const row of [...named, ...dependants]) {
    const range = movementRange(row, group, now.today);
    if (row.status !== 'active' || range === null) {
      throw new AppError('invalid_state_transition', {
        message: `${row.policyNumber} cannot be removed while it is ${row.status}`,
        details: { policy_number: row.policyNumber, status: row.status },
      });
    }
    if (
      compareDates(body.effective_date, range.start_date) < 0 ||
      compareDates(range.end_date, body.effective_date) < 0
    ) {
      throw new AppError('movement_date_out_of_range', {
        message: `${row.policyNumber} can be removed from ${range.start_date} to ${range.end_date}`,
        details: { policy_number: row.policyNumber, ...range },
      });
    }
  }
  const removed = [...named, ...dependants];
  for (const row of removed) {
    await repo.removeMember(db, {
      memberId: row.id,
      policyId: row.policyId,
      effectiveDate: body.effective_date,
      now: now.instant,
    });
    await policyRepo.addEvent(db, {
      policyId: row.policyId,
      eventType: 'member-removed',
      payload: {
        group_policy_number: group.groupPolicyNumber,
        policy_number: row.policyNumber,
        effective_date: body.effective_date,
      },
      createDate: now.instant,
    });
  }
  return {
    removed_policy_numbers: removed.map((row) => row.policyNumber),
    effective_date: body.effective_date,
  };
}

// ---------------------------------------------------------------- group documents

export async function listGroupDocuments(
  db: Db,
  caller: Caller,
  today: string,
  filters: {
    groupPolicyNumber?: string | undefined;
    category?: string | undefined;
    platform?: DocumentPlatform | undefined;
  },
  window: { offset: number; limit: number },
): Promise<{ items: ProductDocument[]; total: number }> {
  const { rows, total } = await repo.listGroupDocuments(
    db,
    { userId: caller.userId, today, ...filters },
    window,
  );
  return {
    items: rows.map(({ document, productCode }) => ({
      id: document.id,
      product_code: productCode,
      product_codes: [productCode],
      category: document.category,
      type: document.type,
      platforms: document.platforms as DocumentPlatform[],
      name_en: document.nameEn,
      name_zh: document.nameZh,
      file_en: document.fileEn,
      file_zh: document.fileZh,
      effective_date: document.effectiveDate,
      expiry_date: document.expiryDate,
      purchase_date_from: null,
      purchase_date_to: null,
      create_date: document.createDate.toISOString(),
      update_date: document.updateDate.toISOString(),
    })),
    total,
  };
}

// ---------------------------------------------------------------- redeem

function noMatch(): AppError {
  return new AppError('not_found', { message: 'No policy to redeem matches these details' });
}

function invalidHkid(): AppError {
  return validationError(
    [{ path: 'body.identity_document_number', message: 'is not a valid HKID', key: 'invalid' }],
    { message: 'Invalid body identity_document_number: not a valid HKID' },
  );
}

/**
 * The letter a redeem body names: by its code, or by the HKID of the member it was sent to;
 * with both, they must name the same letter. Unknown, expired and date-of-birth mismatches all
 * answer one 404, so the call tells nothing about which part was wrong.
 */
async function findLetter(
  db: Db,
  secretKey: string,
  today: string,
  body: RedeemPolicyBody,
  lock: boolean,
): Promise<repo.RedeemCodeRow> {
  let byCode: repo.RedeemCodeRow | null = null;
  if (body.member_code !== undefined) {
    byCode = await repo.findRedeemCodeByHash(db, redeemCodeHash(body.member_code), lock);
    if (!byCode) throw noMatch();
  }
  let letter = byCode;
  if (body.identity_document_number !== undefined) {
    if (!isValidHkid(body.identity_document_number)) throw invalidHkid();
    const hash = hkidLookupHash(secretKey, body.identity_document_number);
    const letters = (await repo.findRedeemCodesByHkidHash(db, hash, lock)).map((row) => row.code);
    const chosen = byCode
      ? letters.find((row) => row.id === byCode.id)
      : (letters.find((row) => row.redeemedAt === null) ?? letters[0]);
    if (!chosen) throw noMatch();
    letter = chosen;
  }
  if (!letter) throw noMatch();
  const [row] = await policyRepo.listPoliciesByIds(db, [letter.policyId]);
  const parties = row ? await policyRepo.listParties(db, [row.id]) : [];
  const insured = parties.find((party) => party.role === 'insured-life');
  if (
    !row ||
    insured?.dateOfBirth !== body.date_of_birth ||
    compareDates(letter.expiryDate, today) < 0
  ) {
    throw noMatch();
  }
  return letter;
}

async function redeemedAnswer(db: Db, policyId: number, today: string): Promise<RedeemedPolicy> {
  const dependantIds = await repo.listDependantPolicyIds(db, policyId);
  const rows = await policyRepo.listPoliciesByIds(db, [policyId, ...dependantIds]);
  const policies = await toPolicies(db, rows, today);
  const main = policies.find((p) => p.id === policyId);
  if (!main) throw new Error(`policy ${policyId} vanished`);
  return {
    policy: main,
    dependents: policies
      .filter((p) => p.id !== policyId)
      .map((p) => ({
        id: p.id,
        policy_number: p.policy_number,
        insured_life: p.insured_life,
        status: p.status,
      })),
  };
}

function alreadyRedeemed(): AppError {
  return new AppError('redeem_code_used', { message: 'This letter has already been redeemed' });
}

/** Checks a letter without redeeming it: the policy and dependants it would bring. */
export async function validateRedeem(
  db: Db,
  secretKey: string,
  today: string,
  body: RedeemPolicyBody,
): Promise<RedeemedPolicy> {
  const letter = await findLetter(db, secretKey, today, body, false);
  const owner = await repo.findPolicyOwner(db, letter.policyId);
  if (letter.redeemedAt !== null || owner?.ownerUserId != null) throw alreadyRedeemed();
  return redeemedAnswer(db, letter.policyId, today);
}

/**
 * Redeems a letter once: the member policy and its dependants join the caller's account. The
 * same account redeeming again gets the same answer (a retry after a lost answer); any other
 * account gets 409 `redeem_code_used`.
 */
export async function redeem(
  db: Db,
  secretKey: string,
  caller: Caller,
  now: Now,
  body: RedeemPolicyBody,
): Promise<RedeemedPolicy> {
  const letter = await findLetter(db, secretKey, now.today, body, true);
  if (letter.redeemedAt !== null) {
    if (letter.redeemedByUserId === caller.userId) {
      return redeemedAnswer(db, letter.policyId, now.today);
    }
    throw alreadyRedeemed();
  }
  const owner = await repo.findPolicyOwner(db, letter.policyId);
  if (owner?.ownerUserId != null) throw alreadyRedeemed();
  const dependantIds = await repo.listDependantPolicyIds(db, letter.policyId);
  await repo.markRedeemed(db, letter.id, caller.userId, now.instant);
  await repo.setPolicyOwner(db, [letter.policyId, ...dependantIds], caller.userId, now.instant);
  await policyRepo.addEvent(db, {
    policyId: letter.policyId,
    eventType: 'policy-redeemed',
    payload: { dependents: dependantIds.length },
    createDate: now.instant,
  });
  return redeemedAnswer(db, letter.policyId, now.today);
}
