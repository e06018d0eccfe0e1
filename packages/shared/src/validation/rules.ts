// Field and cross-field rules of the specs' §5, written once for server routes and forms. Each
// failure is an issue whose message is an encoded field error of the validation catalogue
// (`describeIssue` / `decodeValidationMessage` turn it back into a key and values).
import { z } from 'zod';
import { QUOTATION_MAX_HEAD_COUNT } from '../platform/constants';
import type { PolicyOptionRule } from '../platform/enums';
import { compareDates, daysBetween, isCalendarDate } from '../time/clock';
import { encodeValidationMessage } from './issues';
import type { ValidationKey, ValidationMessage, ValidationValues } from './messages';

const message = (key: ValidationKey, values?: ValidationValues) =>
  encodeValidationMessage(values === undefined ? { key } : { key, values });

// ---------------------------------------------------------------- text

const CHINESE = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{2ffff}]/u;
/** Letters, digits, spaces and the punctuation of English names and addresses. */
const ENGLISH = /^[A-Za-z0-9\s.,'’&()/#:;\-!?"@+]*$/;
/** Chinese characters and the punctuation and spaces written with them. */
const CHINESE_TEXT =
  /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{2ffff}\u3000-\u303f\uff00-\uffef\s·]*$/u;

/** True when the text has a Chinese (CJK unified ideograph) character. */
export function hasChinese(text: string): boolean {
  return CHINESE.test(text);
}

/** No leading or trailing spaces: "Please remove the leading and/or trailing spaces". */
export const untrimmed = (text: string) => text === text.trim();

export const TextRules = {
  noOuterSpaces: z.string().refine(untrimmed, { message: message('spaces') }),
  lowercase: z.string().refine((text) => text === text.toLowerCase(), {
    message: message('lowercase'),
  }),
  uppercase: z.string().refine((text) => text === text.toUpperCase(), {
    message: message('uppercase'),
  }),
  englishOnly: z
    .string()
    .refine((text) => ENGLISH.test(text), { message: message('english_only') }),
  chineseOnly: z
    .string()
    .refine((text) => CHINESE_TEXT.test(text), { message: message('chinese_only') }),
  noChinese: z.string().refine((text) => !hasChinese(text), { message: message('no_chinese') }),
} as const;

/** A required text of `min`–`max` characters without outer spaces. */
export function requiredText(min: number, max: number) {
  return z
    .string({ error: message('required') })
    .min(1, { message: message('required') })
    .min(min, { message: message('length_min', { length: min }) })
    .max(max, { message: message('length_max', { length: max }) })
    .refine(untrimmed, { message: message('spaces') });
}

/** A number not equal to `value` ("number … not-equal"). */
export function notEqual(value: number) {
  return z.number().refine((n) => n !== value, { message: message('number_not_equal', { value }) });
}

// ---------------------------------------------------------------- dates

/** An ISO calendar date from `min` to `max` (both optional), named in the message. */
export function dateBetween(bounds: { min?: string; max?: string }) {
  return z
    .string({ error: message('required') })
    .refine(isCalendarDate, { message: message('date_invalid') })
    .superRefine((date, ctx) => {
      if (!isCalendarDate(date)) return;
      const early = bounds.min !== undefined && compareDates(date, bounds.min) < 0;
      const late = bounds.max !== undefined && compareDates(date, bounds.max) > 0;
      if (!early && !late) return;
      const found: ValidationMessage =
        bounds.min !== undefined && bounds.max !== undefined
          ? { key: 'date_out_of_range', values: { min: bounds.min, max: bounds.max } }
          : early
            ? { key: 'date_min', values: { min: bounds.min ?? '' } }
            : { key: 'date_max', values: { max: bounds.max ?? '' } };
      ctx.addIssue({ code: 'custom', message: encodeValidationMessage(found) });
    });
}

// ---------------------------------------------------------------- platform rules (§5)

interface EmploymentDates {
  date_of_employment?: string | null | undefined;
  proposed_effective_date?: string | null | undefined;
}

/**
 * "Date of Employment must be earlier than or equal to the proposed effective date": a
 * `superRefine` for any object with both fields; the issue sits on `date_of_employment`.
 */
export function checkEmploymentDate(value: EmploymentDates, ctx: z.RefinementCtx): void {
  const employed = value.date_of_employment;
  const effective = value.proposed_effective_date;
  if (!employed || !effective || !isCalendarDate(employed) || !isCalendarDate(effective)) return;
  if (compareDates(employed, effective) > 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['date_of_employment'],
      message: message('employment_after_effective_date'),
    });
  }
}

interface IdentityOrMemberCode {
  identity_document_number?: string | null | undefined;
  member_code?: string | null | undefined;
}

/**
 * "Either Identity Document Number or Member Code is required": a `superRefine` putting the
 * issue on both fields, so a form marks both.
 */
export function checkIdentityOrMemberCode(value: IdentityOrMemberCode, ctx: z.RefinementCtx) {
  const filled = (text: string | null | undefined) =>
    typeof text === 'string' && text.trim() !== '';
  if (filled(value.identity_document_number) || filled(value.member_code)) return;
  for (const field of ['identity_document_number', 'member_code']) {
    ctx.addIssue({ code: 'custom', path: [field], message: message('identity_or_member_code') });
  }
}

/**
 * A quotation's head count: a whole number, positive and below `limit` (the server passes its
 * configured `QUOTATION_MAX_HEAD_COUNT`; decision 116). The message names the highest allowed.
 */
export function headCountSchema(limit: number = QUOTATION_MAX_HEAD_COUNT) {
  if (!Number.isInteger(limit) || limit < 2) {
    throw new RangeError(`A head-count limit must be a whole number above 1, not ${limit}`);
  }
  return z
    .number({ error: message('required') })
    .int({ message: message('number_integer') })
    .refine((n) => n > 0 && n < limit, { message: message('head_count', { max: limit - 1 }) });
}

/** The head count under the default limit (`QUOTATION_MAX_HEAD_COUNT`, 1,000). */
export const HeadCountSchema = headCountSchema();

/** Whom a policy-option rule binds: the policyholder only, or anyone (a payment owner too). */
export type PolicyOptionRuleScope = 'policyholder' | 'anyone';

export interface PolicyOptionRuleConfig {
  rule: PolicyOptionRule;
  applies_to: PolicyOptionRuleScope;
  /** The limit: a count of policies, policy years, or days. */
  value: number;
}

export interface PolicyOptionRuleContext {
  /** Who asks for the option: the policyholder, or a payment owner who is not. */
  actor: 'policyholder' | 'payment-owner';
  today: string;
  /** In-force policies of this plan the insured life holds now (not counting this one). */
  in_force_policies_of_insured_life: number;
  /** The main (parent) policy's start date, for a rider or dependent option. */
  parent_policy_start_date?: string | null;
  /** The policy's next anniversary, null when it has none (term plans). */
  next_anniversary?: string | null;
}

export interface PolicyOptionRuleResult {
  rule: PolicyOptionRule;
  is_eligible: boolean;
  /** Why not, when not eligible. */
  reason?: ValidationMessage;
}

/** The policy year a date falls in for a policy that started on `start` (the first is 1). */
export function policyYear(start: string, today: string): number {
  const [sy, sm, sd] = start.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const full = ty - sy - (tm < sm || (tm === sm && td < sd) ? 1 : 0);
  return Math.max(full, 0) + 1;
}

function evaluate(rule: PolicyOptionRuleConfig, ctx: PolicyOptionRuleContext): boolean {
  switch (rule.rule) {
    case 'max-in-force-policy-per-insured-life':
      return ctx.in_force_policies_of_insured_life + 1 <= rule.value;
    case 'max-parent-policy-year':
      return (
        !ctx.parent_policy_start_date ||
        policyYear(ctx.parent_policy_start_date, ctx.today) <= rule.value
      );
    case 'min-days-before-policy-anniversary':
      return !ctx.next_anniversary || daysBetween(ctx.today, ctx.next_anniversary) >= rule.value;
  }
}

const REASON_VALUE: Record<PolicyOptionRule, string> = {
  'max-in-force-policy-per-insured-life': 'max',
  'max-parent-policy-year': 'max',
  'min-days-before-policy-anniversary': 'days',
};

/**
 * The policy-option rules of §5, each applying to the policyholder or to anyone as configured:
 * a rule scoped to the policyholder does not bind a payment owner who asks, and passes.
 */
export function evaluatePolicyOptionRules(
  rules: readonly PolicyOptionRuleConfig[],
  ctx: PolicyOptionRuleContext,
): PolicyOptionRuleResult[] {
  return rules.map((rule) => {
    const binds = rule.applies_to === 'anyone' || ctx.actor === 'policyholder';
    if (!binds || evaluate(rule, ctx)) return { rule: rule.rule, is_eligible: true };
    return {
      rule: rule.rule,
      is_eligible: false,
      reason: { key: rule.rule, values: { [REASON_VALUE[rule.rule]]: rule.value } },
    };
  });
}
