// The product options of a policy (upgrades, riders…) with a quotation and eligibility each.
import type { PolicyProductOption } from '@clinicpass/shared/platform/entities/product';
import { INSURANCE_LEVY } from '@clinicpass/shared/platform/constants';
import type { PaymentFrequency } from '@clinicpass/shared/platform/enums';
import { ACTIVE_POLICY_STATUSES, canMove } from '@clinicpass/shared/platform/transitions';
import { evaluatePolicyOptionRules } from '@clinicpass/shared/validation/rules';
import type { Database } from '../../db/client';
import * as productService from '../product/product.service';
import { requirePolicy, type Caller } from './policy-ownership';
import { partiesOf, renewalDate } from './policy-shapes';
import * as repo from './policy.repository';
import { ageOn, cents, FREQUENCY_FACTORS } from './premium';

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
