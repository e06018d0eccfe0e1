// Outpatient application cases (spec platform-layer §4, §7): the product options of a case and
// its submission, `draft` → `submitted` only (decision 087). A customer reaches only their own
// cases; another customer's id is answered like a missing one (404).
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { ApplicationCaseStatus } from '@clinicpass/shared/platform/enums';
import type { AgeUnit, PolicyProductOption } from '@clinicpass/shared/platform/entities/product';
import type { OutpatientCase } from '@clinicpass/shared/platform/entities/results';
import { SUBMITTABLE_APPLICATION_CASE_STATUSES } from '@clinicpass/shared/platform/transitions';
import { evaluatePolicyOptionRules } from '@clinicpass/shared/validation/rules';
import type { Database } from '../../db/client';
import { countOwnInForceSelfCover } from '../policy/policy.service';
import {
  birthDateWindow,
  findProductRowByCode,
  listOptions,
  rulesOfOption,
} from '../product/product.service';
import * as repo from './application-case.repository';
import { checkCase, type CaseFacts } from './case-checks';

export async function requireCase(db: Database, userId: string, id: number): Promise<repo.CaseRow> {
  const found = await repo.find(db, userId, id);
  if (!found) throw new AppError('not_found', { message: `No application case ${id}` });
  return found;
}

/**
 * The options (switches, cross-sells, supplements) from the case's product, with the option's
 * policy-option rules (decision 130) decided by the shared evaluator. A case is the applicant's
 * own application: the applicant acts as policyholder and is the insured life counted (their
 * in-force `self` policies of the target product); a case has no parent policy and no
 * anniversary yet, so those rules hold.
 */
export async function listCaseProductOptions(
  db: Database,
  userId: string,
  today: string,
  id: number,
): Promise<PolicyProductOption[]> {
  const found = await requireCase(db, userId, id);
  const options = (await listOptions(db)).filter(
    (option) => option.from_product === found.productCode,
  );
  const result: PolicyProductOption[] = [];
  for (const option of options) {
    const target = await findProductRowByCode(db, option.to_product);
    const held = target === null ? 0 : await countOwnInForceSelfCover(db, userId, target.id);
    const eligibilities = evaluatePolicyOptionRules(rulesOfOption(option), {
      actor: 'policyholder',
      today,
      in_force_policies_of_insured_life: held,
      parent_policy_start_date: null,
      next_anniversary: null,
    }).map(({ rule, is_eligible }) => ({ rule, is_eligible }));
    result.push({
      ...option,
      eligibilities,
      is_eligible: eligibilities.every((rule) => rule.is_eligible),
    });
  }
  return result;
}

/** The facts the case checks need: the product on sale and its issue ages, members covered. */
async function caseFacts(db: Database, found: repo.CaseRow, today: string): Promise<CaseFacts> {
  const profile = await repo.productProfileOf(db, found.productId);
  const hashes = (found.details?.insured_lives ?? [])
    .map((life) => life.identity_document_number_hash)
    .filter((hash): hash is string => typeof hash === 'string' && hash !== '');
  const window =
    profile === null
      ? null
      : birthDateWindow(
          today,
          { value: profile.minIssueAgeValue, unit: profile.minIssueAgeUnit as AgeUnit },
          { value: profile.maxIssueAgeValue, unit: profile.maxIssueAgeUnit as AgeUnit },
        );
  return {
    product:
      profile === null || window === null
        ? null
        : {
            active: profile.isActive,
            validDateOfBirthFrom: window.from,
            validDateOfBirthTo: window.to,
          },
    today,
    coveredIdentityHashes: await repo.coveredIdentityHashes(db, found.productId, hashes),
  };
}

/**
 * Submits a draft case once it passes the outpatient application checks (decision 134): a case
 * that fails any answers 400 `validation_error` with every failing code in `details` and stays
 * as it was. Any status but draft is a 409 and nothing changes.
 */
export async function submitCase(
  db: Database,
  userId: string,
  id: number,
  now: Date,
  today: string,
): Promise<OutpatientCase> {
  const [from] = SUBMITTABLE_APPLICATION_CASE_STATUSES;
  const current = await requireCase(db, userId, id);
  if (current.status === from) {
    const issues = checkCase(current.details, await caseFacts(db, current, today));
    if (issues.length > 0) {
      const codes = [...new Set(issues.map((issue) => issue.code))];
      // The one validation_error not built by validationError(): its issues are the case's
      // failing application validation codes, `{ code, path }` (decisions 134 and 167).
      // eslint-disable-next-line no-restricted-syntax -- see above
      throw new AppError('validation_error', {
        message: `Application case ${id} cannot be submitted: ${codes.join(', ')}`,
        details: { codes, issues },
      });
    }
  }
  const moved = await repo.move(db, userId, id, from, 'submitted', now);
  if (moved) return { id: moved.id, status: moved.status as ApplicationCaseStatus };
  const found = await requireCase(db, userId, id);
  throw new AppError('invalid_state_transition', {
    message: `Application case ${id} is ${found.status}; only a draft can be submitted`,
    details: { status: found.status },
  });
}
