import { describe, expect, it } from 'vitest';
import * as enums from './enums';
import committedSpecData from './spec-extract.json';
import { readMemberAppSpec, readPlatformSpec } from '../../scripts/spec-file';
import { extractSpecData } from './spec-data';
import { parseSpecLists, specBulletValues, specValueMatches } from './spec-lists';
import type { SpecList } from './spec-lists';
import type { RoleBulletLabel, SpecData } from './spec-data';

const specData: SpecData = committedSpecData;

/** Each list of spec §3–§4, by its label as the spec writes it (lowercased), and its code list. */
const CODE_LISTS: Readonly<Record<string, readonly string[]>> = {
  relationships: enums.RELATIONSHIPS,
  'payment methods': enums.PAYMENT_GATEWAYS,
  genders: enums.GENDERS,
  'identity document types': enums.IDENTITY_DOCUMENT_TYPES,
  'payment frequency': enums.PAYMENT_FREQUENCIES,
  'invoice types': enums.INVOICE_TYPES,
  'user types': enums.USER_TYPES,
  'coupon reward types': enums.COUPON_REWARD_TYPES,
  'coupon status': enums.COUPON_STATUSES,
  'reward balances': enums.REWARD_BALANCES,
  'product lines': enums.PRODUCT_LINES,
  'coverage / care types': enums.COVERAGE_TYPES,
  'card types': enums.CARD_TYPES,
  'premium components': enums.PREMIUM_COMPONENTS,
  'switch/policy-change types': enums.POLICY_CHANGE_TYPES,
  'policy modification types': enums.POLICY_MODIFICATION_TYPES,
  'claim types': enums.CLAIM_TYPES,
  'claim cause': enums.CLAIM_CAUSES,
  'surgery sizes': enums.SURGERY_SIZES,
  'room classes': enums.ROOM_CLASSES,
  'claim document kinds': enums.CLAIM_DOCUMENT_KINDS,
  'sign-on types': enums.SIGN_ON_TYPES,
  'question input kinds': enums.QUESTION_INPUT_KINDS,
  'underwriting decisions': enums.UNDERWRITING_DECISIONS,
  'cash ledger event kinds': enums.CASH_LEDGER_EVENT_KINDS,
  'group member change kinds': enums.GROUP_MEMBER_CHANGE_KINDS,
  publishing: enums.PUBLISHING_STATUSES,
  'upload/import states': enums.UPLOAD_STATES,
  modes: enums.UPLOAD_MODES,
  'async state': enums.ASYNC_STATES,
  'active/inactive': enums.ACTIVE_STATES,
  'renewal intention': enums.RENEWAL_INTENTIONS,
  application: enums.APPLICATION_STATUSES,
  'application case': enums.APPLICATION_CASE_STATUSES,
  'second application-like set': enums.SECOND_APPLICATION_STATUSES,
  policy: enums.POLICY_STATUSES,
  coverage: enums.COVERAGE_STATUSES,
  'service request': enums.SERVICE_REQUEST_STATUSES,
  claim: enums.CLAIM_STATUSES,
  'claim actions': enums.CLAIM_ACTIONS,
  invoice: enums.INVOICE_STATUSES,
  quotation: enums.QUOTATION_STATUSES,
  'form status': enums.FORM_STATUSES,
  'application flow steps': enums.APPLICATION_FLOW_STEPS,
};

/** Lists whose order is part of the spec. */
const ORDERED = new Set(['application flow steps']);

/** The lists of spec §3–§4, as committed in spec-extract.json (`npm run spec:check` compares it with the spec). */
function specLists(): SpecList[] {
  return specData.enumerations.lists;
}

describe('platform enumerations against the spec', () => {
  it('finds the spec file and its enumeration and status-set lists', () => {
    const labels = specLists().map((list) => list.label);
    // The spec has 44 lists in §3–§4; far fewer means the parser lost its way.
    expect(labels.length).toBeGreaterThanOrEqual(40);
    expect(labels).toContain('relationships');
    expect(labels).toContain('application flow steps');
  });

  it('has a code list for every list the spec names', () => {
    const unknown = specLists()
      .map((list) => list.label)
      .filter((label) => !Object.hasOwn(CODE_LISTS, label));
    expect(unknown).toEqual([]);
  });

  it('has every value the spec lists', () => {
    const missing: string[] = [];
    for (const list of specLists()) {
      const code = CODE_LISTS[list.label] ?? [];
      for (const value of list.values) {
        if (!code.some((candidate) => specValueMatches(value, candidate))) {
          missing.push(`${list.label}: ${value}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('keeps the order of the ordered lists', () => {
    for (const list of specLists().filter((entry) => ORDERED.has(entry.label))) {
      expect(list.ordered).toBe(true);
      const code = CODE_LISTS[list.label] ?? [];
      expect(
        list.values.map((value) => code.findIndex((item) => specValueMatches(value, item))),
      ).toEqual(list.values.map((_, index) => index));
    }
  });

  it('reads a {product} template value as a family of values', () => {
    expect(enums.RewardBalanceSchema.parse('outpatient-points')).toBe('outpatient-points');
    expect(enums.RewardBalanceSchema.parse('btc')).toBe('btc');
    expect(enums.RewardBalanceSchema.safeParse('points').success).toBe(false);
    expect(enums.productPointsBalance('vhis')).toBe('vhis-points');
  });
});

/** Lists of spec §5–§6 read by their bullet label, and their code lists. */
const ROLE_LISTS: readonly [label: RoleBulletLabel, code: readonly string[]][] = [
  ['User types', enums.USER_TYPES],
  ['Policy party roles', enums.POLICY_PARTY_ROLES],
  ['Stakeholder roles', enums.STAKEHOLDER_ROLES],
  ['Claim actor kinds', enums.CLAIM_ACTOR_KINDS],
  ['Payment owner', enums.PAYMENT_OWNERS],
  ['Policy-option rules', enums.POLICY_OPTION_RULES],
];

describe('platform roles and rules against the spec', () => {
  it.each(ROLE_LISTS)('%s has every value the spec lists', (label, code) => {
    const values: string[] | null = specData.roles.bullets[label];
    expect(values, `no "- ${label}:" bullet in the spec`).not.toBeNull();
    expect(values?.length).toBeGreaterThan(1);
    expect((values ?? []).filter((value) => !code.includes(value))).toEqual([]);
  });

  it('reads "a or b" lists and drops the sentence after the list', () => {
    expect(
      specBulletValues('- Payment owner: policyholder or anyone. More.', 'Payment owner'),
    ).toEqual(['policyholder', 'anyone']);
    expect(specBulletValues('- Other: a', 'Payment owner')).toBeNull();
  });
});

describe('spec list parser', () => {
  it('fails with the expected path when the spec file is absent', () => {
    expect(() => readPlatformSpec('/nonexistent/spec/platform-layer.md')).toThrow(
      /spec file is missing: expected it at \/nonexistent\/spec\/platform-layer\.md/,
    );
  });

  it('gives, from the spec copy in docs/spec/, exactly the committed spec-extract.json', () => {
    expect(extractSpecData(readPlatformSpec(), readMemberAppSpec())).toEqual(committedSpecData);
  });

  it('splits a bullet with several labelled lists and drops explanations in brackets', () => {
    const lists = parseSpecLists(
      [
        '### Enumerations',
        '',
        '- Coupon reward types: MF (month free), BTC (cash). Coupon status: active, used.',
        '- Publishing: draft, pending. Upload/import states: success, failed; modes append, override.',
        '- Async state: PENDING, FAILED. Active/inactive.',
        '',
        '## 4. States and transitions',
        '',
        '- Application flow steps, in order: one, two.',
        '- Billing and payment method carry a status field; values not shown.',
        '',
        '## 5. Validation rules',
        '- Not a list: a, b.',
      ].join('\n'),
    );
    expect(lists).toEqual([
      { label: 'coupon reward types', values: ['MF', 'BTC'], ordered: false },
      { label: 'coupon status', values: ['active', 'used'], ordered: false },
      { label: 'publishing', values: ['draft', 'pending'], ordered: false },
      { label: 'upload/import states', values: ['success', 'failed'], ordered: false },
      { label: 'modes', values: ['append', 'override'], ordered: false },
      { label: 'async state', values: ['PENDING', 'FAILED'], ordered: false },
      { label: 'active/inactive', values: ['active', 'inactive'], ordered: false },
      { label: 'application flow steps', values: ['one', 'two'], ordered: true },
    ]);
  });

  it('matches prose values to their kebab-case code and other values exactly', () => {
    expect(specValueMatches('claim form part II', 'claim-form-part-ii')).toBe(true);
    expect(specValueMatches('MF', 'MF')).toBe(true);
    expect(specValueMatches('MF', 'mf')).toBe(false);
    expect(specValueMatches('{product}-points', '{product}-points')).toBe(true);
  });
});

// Every exported const list is a non-empty list of distinct values, and its zod enum agrees.
describe('platform enumeration lists', () => {
  const exported: [string, unknown][] = Object.entries(enums);
  const lists = exported.filter(
    (entry): entry is [string, readonly string[]] =>
      Array.isArray(entry[1]) && /^[A-Z_]+$/.test(entry[0]),
  );

  it.each(lists)('%s has distinct values', (_name, values) => {
    expect(values.length).toBeGreaterThan(0);
    expect(new Set(values).size).toBe(values.length);
  });

  it('rejects a value outside a status set', () => {
    expect(enums.PolicyStatusSchema.safeParse('in-force').success).toBe(true);
    expect(enums.PolicyStatusSchema.safeParse('in_force').success).toBe(false);
  });

  it('walks the application flow in order', () => {
    expect(enums.nextApplicationFlowStep('pre-agreement')).toBe('sum-assured');
    expect(enums.nextApplicationFlowStep('summary')).toBeNull();
  });
});
