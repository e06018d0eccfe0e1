import { describe, expect, it } from 'vitest';
import { InvoiceSchema, PaymentMethodSchema } from './billing';
import { DateSchema, TimestampSchema } from './common';
import { MedicalCardSchema } from '../../schemas/outpatient';
import { PolicyDetailSchema, PolicySchema, cashBalanceKey } from './policy';
import { EXAMPLE_POLICY, EXAMPLE_POLICY_DETAIL } from './examples';
import { ProductSchema } from './product';
import { UnderwritingQuestionSchema } from './underwriting';

const T = '2026-11-22T02:00:00.000Z';
const policy = EXAMPLE_POLICY;
const detail = EXAMPLE_POLICY_DETAIL;

describe('platform entities', () => {
  it('read dates as Hong Kong calendar days and timestamps with an offset', () => {
    expect(DateSchema.safeParse('2026-11-22').success).toBe(true);
    expect(DateSchema.safeParse('2026-02-30').success).toBe(false);
    expect(DateSchema.safeParse('22/11/2026').success).toBe(false);
    expect(TimestampSchema.safeParse('2026-11-22T10:00:00+08:00').success).toBe(true);
    expect(TimestampSchema.safeParse('2026-11-22 10:00').success).toBe(false);
  });

  it('read a policy with the spec field names', () => {
    expect(PolicySchema.parse(policy).insured_life.relationship_to_policyholder).toBe('self');
    expect(PolicySchema.safeParse({ ...policy, status: 'active' }).success).toBe(false);
  });

  it('read each product cash balance of a policy detail by its {product}_cash_balance key', () => {
    const parsed = PolicyDetailSchema.parse({
      ...detail,
      [cashBalanceKey('outpatient')]: 250,
      vhis_cash_balance: null,
    });
    expect(parsed.outpatient_cash_balance).toBe(250);
    expect(parsed.vhis_cash_balance).toBeNull();
    expect(
      PolicyDetailSchema.safeParse({ ...detail, outpatient_cash_balance: '250' }).success,
    ).toBe(false);
  });

  it('refuse a stray field on a policy detail and strip unknown nested fields', () => {
    expect(PolicyDetailSchema.safeParse({ ...detail, hkid_hash: 'x' }).success).toBe(false);
    expect(PolicyDetailSchema.safeParse({ ...detail, internal_score: 5 }).success).toBe(false);
    const parsed = PolicyDetailSchema.parse({
      ...detail,
      policyholder: { ...detail.policyholder, hkid_hash: 'x' },
    });
    expect(JSON.stringify(parsed)).not.toContain('hkid_hash');
  });

  it('never take a full card number into a payment method', () => {
    const method = {
      id: 5,
      user_id: 'u1',
      gateway: 'stripe-card',
      display_data: {
        label: 'Visa •••• 4242',
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: 2030,
        holder_name: 'CHAN TAI MAN',
      },
      status: 'active',
      is_verified: true,
      is_default: true,
      has_billings: true,
      payment_method_profiles: [],
      create_date: T,
      update_date: T,
    };
    expect(PaymentMethodSchema.safeParse(method).success).toBe(true);
    expect(
      PaymentMethodSchema.safeParse({
        ...method,
        display_data: { ...method.display_data, last4: '4242424242424242' },
      }).success,
    ).toBe(false);
  });

  it('read an invoice with its amounts, breakdown and status', () => {
    const invoice = {
      id: 12,
      attempt_count: 1,
      billing_id: 3,
      billing_company: null,
      coverage_start_date: '2026-11-18',
      coverage_end_date: '2026-12-17',
      currency: 'HKD',
      document: null,
      due_date: '2026-11-18',
      group_policy_number: null,
      company: { id: 1, name_en: 'ClinicPass Insurance', name_zh: 'ClinicPass 保險' },
      invoice_type: 'regular',
      levy_amount: 0.3,
      levy_percent: 0.1,
      policy_number: 'OP1000001',
      policy_year: 2,
      pre_discount_amount: 320,
      pre_levy_amount: 300,
      pre_levy_amount_breakdown: [
        { component: 'basic-premium', amount: 320 },
        { component: 'discount', amount: -20 },
      ],
      product_id: 1,
      refund_date: null,
      refunded_amount: 0,
      status: 'partially-paid',
      total_amount: 300.3,
      outstanding_amount: 100.3,
      payment_method: 5,
      void_date: null,
      create_date: T,
      update_date: T,
    };
    expect(InvoiceSchema.parse(invoice).status).toBe('partially-paid');
    expect(InvoiceSchema.safeParse({ ...invoice, currency: 'hkd' }).success).toBe(false);
  });

  it('read a medical card of a known card type, valid to the end of its policy year', () => {
    const card = {
      card_number: 'OPC-000123',
      holder_name: 'CHAN TAI MAN',
      holder_name_en: 'CHAN TAI MAN',
      holder_name_zh: '陳大文',
      policy_number: 'OP1000001',
      card_type: 'outpatient-card',
      company: 'ClinicPass Insurance',
      effective_from: '2025-10-18',
      effective_to: '2026-10-17',
      card_image: null,
      member_code: 'M000123',
    };
    expect(MedicalCardSchema.safeParse(card).success).toBe(true);
    expect(MedicalCardSchema.safeParse({ ...card, card_type: 'gold-card' }).success).toBe(false);
    // The card always shows the end of its validity (decision 166).
    expect(MedicalCardSchema.safeParse({ ...card, effective_to: null }).success).toBe(false);
  });

  it('read a product with issue ages and units', () => {
    const product = {
      id: 1,
      code: 'OUTPATIENT',
      full_name: 'ClinicPass Outpatient Plan',
      short_name: 'Outpatient',
      full_name_zh: 'ClinicPass 門診計劃',
      short_name_zh: '門診',
      headline: null,
      description: null,
      type: null,
      product_type: 'outpatient',
      annual_limit: 8000,
      lifetime_limit: null,
      smm_annual_limit: null,
      triannual_limit: null,
      min_issue_age_value: 15,
      min_issue_age_unit: 'day',
      max_issue_age_value: 64,
      max_issue_age_unit: 'year',
      max_renewal_age: 99,
      waiting_period: { value: 90, unit: 'day' },
      renewal_period: 12,
      plan_option: null,
      plan_details_url: null,
      provision_url: null,
      product_risk_url: null,
      valid_date_of_birth_from: null,
      valid_date_of_birth_to: null,
      supplementary_products: [],
      allow_flexible_selection: false,
      require_sum_assured: false,
      create_date: T,
      update_date: T,
    };
    expect(ProductSchema.parse(product).waiting_period).toEqual({ value: 90, unit: 'day' });
    expect(ProductSchema.safeParse({ ...product, min_issue_age_unit: 'week' }).success).toBe(false);
  });

  it('read an underwriting question of each input kind only', () => {
    const question = {
      id: 1,
      message: { en: 'Height (cm)', 'zh-HK': '身高（厘米）' },
      section: 'body',
      subsection: null,
      remark: null,
      condition: null,
      type: 'SLIDER',
      input_configs: { choices: [], min: 100, max: 220, step: 1, unit: 'cm' },
    };
    expect(UnderwritingQuestionSchema.safeParse(question).success).toBe(true);
    expect(UnderwritingQuestionSchema.safeParse({ ...question, type: 'TEXT' }).success).toBe(false);
  });
});
