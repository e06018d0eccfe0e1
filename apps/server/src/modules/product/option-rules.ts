// The policy-option rules of each product option (spec platform-layer §5; decision 130). The
// settings are catalogue data kept here, beside the product catalogue, because the
// product_option table has no column for them and this work adds no migration: a product option
// is named by its type and its from and to products. The shared evaluator
// (`evaluatePolicyOptionRules`) decides them for a policy and for an application case alike.
import type { PolicyChangeType } from '@clinicpass/shared/platform/enums';
import type { PolicyOptionRuleConfig } from '@clinicpass/shared/validation/rules';

interface OptionRules {
  type: PolicyChangeType;
  from: string;
  to: string;
  rules: readonly PolicyOptionRuleConfig[];
}

export const PRODUCT_OPTION_RULES: readonly OptionRules[] = [
  {
    // An outpatient member may add one VHIS policy per insured life; the policyholder must ask
    // 30 days before the outpatient policy's anniversary, when the switch is priced.
    type: 'cross-sell',
    from: 'OUTPATIENT-GO',
    to: 'VHIS-FLEXI',
    rules: [
      { rule: 'max-in-force-policy-per-insured-life', applies_to: 'anyone', value: 1 },
      { rule: 'min-days-before-policy-anniversary', applies_to: 'policyholder', value: 30 },
    ],
  },
  {
    // The outpatient supplement of a VHIS policy: one per insured life, and only in the VHIS
    // policy's first five policy years when the policyholder asks.
    type: 'supplementary',
    from: 'VHIS-FLEXI',
    to: 'OUTPATIENT-GO',
    rules: [
      { rule: 'max-in-force-policy-per-insured-life', applies_to: 'anyone', value: 1 },
      { rule: 'max-parent-policy-year', applies_to: 'policyholder', value: 5 },
    ],
  },
  {
    // A term policy's sum assured may be raised in its first three policy years, by anyone.
    type: 'sum-assured-increase',
    from: 'TERM-10',
    to: 'TERM-10',
    rules: [{ rule: 'max-parent-policy-year', applies_to: 'anyone', value: 3 }],
  },
];

/** The rules of a product option; an option the catalogue does not list has none. */
export function rulesOfOption(option: {
  type: string;
  from_product: string;
  to_product: string;
}): readonly PolicyOptionRuleConfig[] {
  return (
    PRODUCT_OPTION_RULES.find(
      (entry) =>
        entry.type === option.type &&
        entry.from === option.from_product &&
        entry.to === option.to_product,
    )?.rules ?? []
  );
}
