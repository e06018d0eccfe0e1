import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findMissingKeys } from '../i18n/missing-keys';
import { QUOTATION_MAX_HEAD_COUNT } from '../platform/constants';
import {
  decodeValidationMessage,
  describeIssue,
  encodeValidationMessage,
  validationErrorMap,
} from './issues';
import { formatValidationMessage, validationResources, type ValidationMessage } from './messages';
import {
  checkEmploymentDate,
  checkIdentityOrMemberCode,
  dateBetween,
  evaluatePolicyOptionRules,
  HeadCountSchema,
  headCountSchema,
  notEqual,
  policyYear,
  requiredText,
  TextRules,
  type PolicyOptionRuleConfig,
  type PolicyOptionRuleContext,
} from './rules';

/** The first field error of each path of a failed parse, decoded (what a form shows). */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, ValidationMessage> {
  const result = schema.safeParse(value, { error: validationErrorMap });
  const errors: Record<string, ValidationMessage> = {};
  for (const issue of result.error?.issues ?? []) {
    const decoded = decodeValidationMessage(issue.message);
    if (decoded === null) throw new Error(`not a field error: ${issue.message}`);
    errors[issue.path.join('.') || '(value)'] ??= decoded;
  }
  return errors;
}

const one = (schema: z.ZodType, value: unknown) => errorsOf(schema, value)['(value)'];

describe('the validation catalogue', () => {
  it('has every message in English and Chinese', () => {
    expect(findMissingKeys(validationResources)).toEqual([]);
  });

  it("uses the spec's own wording where it gives one", () => {
    const en = validationResources.en;
    expect(en.required).toBe('This item is required');
    expect(en.invalid).toBe('This item is invalid');
    expect(en.format).toBe('Format does not match');
    expect(en.url).toBe('Please enter a valid URL');
    expect(en.spaces).toBe('Please remove the leading and/or trailing spaces');
    expect(formatValidationMessage('en', 'length_exact', { length: 6 })).toBe(
      'Number of characters must be 6',
    );
  });

  it('fills in the values in both languages and leaves unknown marks alone', () => {
    expect(formatValidationMessage('zh-HK', 'number_min', { min: 100 })).toBe('數字最少為 100');
    expect(formatValidationMessage('en', 'date_out_of_range', { min: '2026-01-01' })).toBe(
      'The date must be between 2026-01-01 and {{max}}',
    );
  });
});

describe('field errors in a message', () => {
  it('round-trips a key with values, numbers as numbers', () => {
    const text = encodeValidationMessage({
      key: 'date_out_of_range',
      values: { min: 'a&b', max: 3 },
    });
    expect(decodeValidationMessage(text)).toEqual({
      key: 'date_out_of_range',
      values: { min: 'a&b', max: 3 },
    });
    expect(encodeValidationMessage({ key: 'required' })).toBe('required');
  });

  it('is not fooled by an ordinary message', () => {
    expect(decodeValidationMessage('Invalid input')).toBeNull();
    expect(decodeValidationMessage(undefined)).toBeNull();
  });
});

describe('zod issues as field errors', () => {
  it('tells a missing value from a wrong one', () => {
    expect(one(z.string(), undefined)).toEqual({ key: 'required' });
    expect(one(z.string(), 12)).toEqual({ key: 'invalid' });
    expect(one(z.number().int(), 1.5)).toEqual({ key: 'number_integer' });
  });

  it('names character counts: exact, at least, at most; an empty text is required', () => {
    expect(one(z.string().length(6), '123')).toEqual({
      key: 'length_exact',
      values: { length: 6 },
    });
    expect(one(z.string().min(3), 'ab')).toEqual({ key: 'length_min', values: { length: 3 } });
    expect(one(z.string().max(3), 'abcd')).toEqual({ key: 'length_max', values: { length: 3 } });
    expect(one(z.string().min(1), '')).toEqual({ key: 'required' });
  });

  it('names number bounds: min, max, less, more, positive, negative', () => {
    expect(one(z.number().min(100), 50)).toEqual({ key: 'number_min', values: { min: 100 } });
    expect(one(z.number().max(2000), 2100)).toEqual({ key: 'number_max', values: { max: 2000 } });
    expect(one(z.number().lt(10), 10)).toEqual({ key: 'number_less', values: { max: 10 } });
    expect(one(z.number().gt(10), 10)).toEqual({ key: 'number_more', values: { min: 10 } });
    expect(one(z.number().positive(), 0)).toEqual({ key: 'number_positive' });
    expect(one(z.number().negative(), 0)).toEqual({ key: 'number_negative' });
    expect(one(notEqual(0), 0)).toEqual({ key: 'number_not_equal', values: { value: 0 } });
  });

  it('names formats: email, URL, pattern, lowercase, uppercase, date', () => {
    expect(one(z.email(), 'nobody')).toEqual({ key: 'email' });
    expect(one(z.url(), 'not a url')).toEqual({ key: 'url' });
    expect(one(z.string().regex(/^\d+$/), 'x')).toEqual({ key: 'format' });
    expect(one(z.string().lowercase(), 'Ab')).toEqual({ key: 'lowercase' });
    expect(one(z.string().uppercase(), 'Ab')).toEqual({ key: 'uppercase' });
    expect(one(z.iso.date(), '2026-13-01')).toEqual({ key: 'date_invalid' });
  });

  it('names array counts and date bounds of Date values', () => {
    expect(one(z.array(z.string()).min(2), ['a'])).toEqual({
      key: 'array_min',
      values: { count: 2 },
    });
    expect(one(z.array(z.string()).max(1), ['a', 'b'])).toEqual({
      key: 'array_max',
      values: { count: 1 },
    });
    expect(one(z.date().min(new Date('2026-01-01T00:00:00Z')), new Date('2025-12-31'))).toEqual({
      key: 'date_min',
      values: { min: '2026-01-01' },
    });
  });

  it('reads the issues the server sees, which carry no input', () => {
    const final = z.string().safeParse(undefined).error?.issues[0];
    expect(final && describeIssue(final)).toEqual({ key: 'required' });
    const small = z.string().min(4).safeParse('ab').error?.issues[0];
    expect(small && describeIssue(small)).toEqual({ key: 'length_min', values: { length: 4 } });
  });
});

describe('text rules', () => {
  it('refuses outer spaces, mixed case and the wrong script', () => {
    expect(one(TextRules.noOuterSpaces, ' Chan')).toEqual({ key: 'spaces' });
    expect(one(TextRules.noOuterSpaces, 'Chan')).toBeUndefined();
    expect(one(TextRules.lowercase, 'abc')).toBeUndefined();
    expect(one(TextRules.uppercase, 'ABC')).toBeUndefined();
    expect(one(TextRules.englishOnly, 'Chan Tai Man')).toBeUndefined();
    expect(one(TextRules.englishOnly, '陳大文')).toEqual({ key: 'english_only' });
    expect(one(TextRules.chineseOnly, '陳大文')).toBeUndefined();
    expect(one(TextRules.chineseOnly, '陳 Tai')).toEqual({ key: 'chinese_only' });
    expect(one(TextRules.noChinese, 'Flat A, 12/F')).toBeUndefined();
    expect(one(TextRules.noChinese, '中環 Road')).toEqual({ key: 'no_chinese' });
  });

  it('checks a required text: present, within its lengths, trimmed', () => {
    const name = requiredText(2, 5);
    expect(one(name, undefined)).toEqual({ key: 'required' });
    expect(one(name, '')).toEqual({ key: 'required' });
    expect(one(name, 'a')).toEqual({ key: 'length_min', values: { length: 2 } });
    expect(one(name, 'abcdef')).toEqual({ key: 'length_max', values: { length: 5 } });
    expect(one(name, ' ab')).toEqual({ key: 'spaces' });
    expect(one(name, 'Chan')).toBeUndefined();
  });

  it('checks dates: real, and within their bounds', () => {
    expect(one(dateBetween({}), '2026-02-30')).toEqual({ key: 'date_invalid' });
    expect(one(dateBetween({ min: '2026-01-01' }), '2025-12-31')).toEqual({
      key: 'date_min',
      values: { min: '2026-01-01' },
    });
    expect(one(dateBetween({ max: '2026-01-01' }), '2026-01-02')).toEqual({
      key: 'date_max',
      values: { max: '2026-01-01' },
    });
    expect(one(dateBetween({ min: '2026-01-01', max: '2026-12-31' }), '2027-01-01')).toEqual({
      key: 'date_out_of_range',
      values: { min: '2026-01-01', max: '2026-12-31' },
    });
    expect(
      one(dateBetween({ min: '2026-01-01', max: '2026-12-31' }), '2026-06-01'),
    ).toBeUndefined();
  });
});

describe('platform rules (platform-layer §5)', () => {
  const Employment = z
    .object({
      date_of_employment: z.iso.date().optional(),
      proposed_effective_date: z.iso.date(),
    })
    .superRefine(checkEmploymentDate);

  it('the date of employment is on or before the proposed effective date', () => {
    expect(
      errorsOf(Employment, {
        date_of_employment: '2026-12-01',
        proposed_effective_date: '2026-12-01',
      }),
    ).toEqual({});
    expect(errorsOf(Employment, { proposed_effective_date: '2026-12-01' })).toEqual({});
    expect(
      errorsOf(Employment, {
        date_of_employment: '2026-12-02',
        proposed_effective_date: '2026-12-01',
      }),
    ).toEqual({ date_of_employment: { key: 'employment_after_effective_date' } });
  });

  const Member = z
    .object({
      identity_document_number: z.string().optional(),
      member_code: z.string().optional(),
    })
    .superRefine(checkIdentityOrMemberCode);

  it('needs the identity document number or the member code', () => {
    expect(errorsOf(Member, { identity_document_number: 'A1234563' })).toEqual({});
    expect(errorsOf(Member, { member_code: 'M-001' })).toEqual({});
    expect(errorsOf(Member, { identity_document_number: '  ', member_code: '' })).toEqual({
      identity_document_number: { key: 'identity_or_member_code' },
      member_code: { key: 'identity_or_member_code' },
    });
  });

  it('a head count is a positive whole number below the limit', () => {
    const limit = { key: 'head_count', values: { max: QUOTATION_MAX_HEAD_COUNT - 1 } };
    expect(one(HeadCountSchema, 1)).toBeUndefined();
    expect(one(HeadCountSchema, QUOTATION_MAX_HEAD_COUNT - 1)).toBeUndefined();
    expect(one(HeadCountSchema, 0)).toEqual(limit);
    expect(one(HeadCountSchema, QUOTATION_MAX_HEAD_COUNT)).toEqual(limit);
    expect(one(HeadCountSchema, 2.5)).toEqual({ key: 'number_integer' });
    expect(one(HeadCountSchema, undefined)).toEqual({ key: 'required' });
  });

  it('a head count follows a configured limit, named in the message', () => {
    const schema = headCountSchema(51);
    expect(one(schema, 50)).toBeUndefined();
    expect(one(schema, 51)).toEqual({ key: 'head_count', values: { max: 50 } });
    expect(one(schema, QUOTATION_MAX_HEAD_COUNT - 1)).toEqual({
      key: 'head_count',
      values: { max: 50 },
    });
    expect(one(headCountSchema(5000), 4999)).toBeUndefined();
    expect(() => headCountSchema(1)).toThrow(RangeError);
    expect(() => headCountSchema(10.5)).toThrow(RangeError);
  });

  it('counts policy years from the start date, the first year being 1', () => {
    expect(policyYear('2024-03-15', '2024-03-15')).toBe(1);
    expect(policyYear('2024-03-15', '2025-03-14')).toBe(1);
    expect(policyYear('2024-03-15', '2025-03-15')).toBe(2);
    expect(policyYear('2020-02-29', '2026-11-22')).toBe(7);
  });

  describe('policy-option rules', () => {
    const base: PolicyOptionRuleContext = {
      actor: 'policyholder',
      today: '2026-11-22',
      in_force_policies_of_insured_life: 0,
      parent_policy_start_date: '2024-01-01',
      next_anniversary: '2027-01-01',
    };
    const rule = (
      name: PolicyOptionRuleConfig['rule'],
      value: number,
      applies_to: PolicyOptionRuleConfig['applies_to'] = 'anyone',
    ): PolicyOptionRuleConfig => ({ rule: name, value, applies_to });

    it('max-in-force-policy-per-insured-life: one more must stay within the maximum', () => {
      const rules = [rule('max-in-force-policy-per-insured-life', 2)];
      expect(
        evaluatePolicyOptionRules(rules, { ...base, in_force_policies_of_insured_life: 1 }),
      ).toEqual([{ rule: 'max-in-force-policy-per-insured-life', is_eligible: true }]);
      expect(
        evaluatePolicyOptionRules(rules, { ...base, in_force_policies_of_insured_life: 2 }),
      ).toEqual([
        {
          rule: 'max-in-force-policy-per-insured-life',
          is_eligible: false,
          reason: { key: 'max-in-force-policy-per-insured-life', values: { max: 2 } },
        },
      ]);
    });

    it('max-parent-policy-year: the parent policy is within its first N years', () => {
      const rules = [rule('max-parent-policy-year', 3)];
      expect(evaluatePolicyOptionRules(rules, base)[0]?.is_eligible).toBe(true); // year 3
      const late = evaluatePolicyOptionRules(rules, {
        ...base,
        parent_policy_start_date: '2023-11-21',
      });
      expect(late[0]).toMatchObject({ is_eligible: false, reason: { values: { max: 3 } } });
    });

    it('min-days-before-policy-anniversary: enough days are left before the anniversary', () => {
      const rules = [rule('min-days-before-policy-anniversary', 30)];
      expect(evaluatePolicyOptionRules(rules, base)[0]?.is_eligible).toBe(true); // 40 days
      const close = evaluatePolicyOptionRules(rules, { ...base, next_anniversary: '2026-12-21' });
      expect(close[0]).toMatchObject({
        is_eligible: false,
        reason: { key: 'min-days-before-policy-anniversary', values: { days: 30 } },
      });
      const none = evaluatePolicyOptionRules(rules, { ...base, next_anniversary: null });
      expect(none[0]?.is_eligible).toBe(true);
    });

    it('a rule for the policyholder does not bind a payment owner; one for anyone does', () => {
      const context = {
        ...base,
        actor: 'payment-owner' as const,
        in_force_policies_of_insured_life: 5,
      };
      expect(
        evaluatePolicyOptionRules(
          [rule('max-in-force-policy-per-insured-life', 1, 'policyholder')],
          context,
        )[0]?.is_eligible,
      ).toBe(true);
      expect(
        evaluatePolicyOptionRules([rule('max-in-force-policy-per-insured-life', 1)], context)[0]
          ?.is_eligible,
      ).toBe(false);
      expect(
        evaluatePolicyOptionRules(
          [rule('max-in-force-policy-per-insured-life', 1, 'policyholder')],
          { ...context, actor: 'policyholder' },
        )[0]?.is_eligible,
      ).toBe(false);
    });
  });
});
