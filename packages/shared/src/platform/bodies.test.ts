import { describe, expect, it } from 'vitest';
import {
  BeneficiariesBodySchema,
  BillingPatchBodySchema,
  EmptyBodySchema,
  RedeemPolicyBodySchema,
  StakeholderBodySchema,
  StakeholderPatchBodySchema,
  TerminateBodySchema,
} from './bodies';

const beneficiary = (allocation_percentage: number) => ({
  identity: { first_name: 'Siu Ming', last_name: 'Chan' },
  relationship_to_insured_life: 'child' as const,
  allocation_percentage,
});

describe('platform request bodies', () => {
  it('accept beneficiaries whose percentages add up to 100', () => {
    const body = BeneficiariesBodySchema.parse({
      beneficiaries: [beneficiary(60), beneficiary(40)],
    });
    expect(body.beneficiaries[0]!.identity.chinese_first_name).toBeNull();
    expect(
      BeneficiariesBodySchema.safeParse({ beneficiaries: [beneficiary(60), beneficiary(30)] })
        .success,
    ).toBe(false);
    expect(BeneficiariesBodySchema.safeParse({ beneficiaries: [beneficiary(0)] }).success).toBe(
      false,
    );
  });

  it('need a frequency or a payment method to patch a billing, and nothing else', () => {
    expect(BillingPatchBodySchema.safeParse({}).success).toBe(false);
    expect(BillingPatchBodySchema.parse({ payment_method: 5 })).toEqual({ payment_method: 5 });
    expect(BillingPatchBodySchema.safeParse({ frequency: 'weekly' }).success).toBe(false);
    expect(BillingPatchBodySchema.safeParse({ frequency: 'annual', status: 'x' }).success).toBe(
      false,
    );
  });

  it('need an identity document number or a member code to redeem a policy', () => {
    const result = RedeemPolicyBodySchema.safeParse({ date_of_birth: '1980-05-01' });
    expect(result.error?.issues[0]?.path).toEqual(['identity_document_number']);
    expect(
      RedeemPolicyBodySchema.safeParse({ member_code: 'M1', date_of_birth: '1980-05-01' }).success,
    ).toBe(true);
  });

  it('read a termination with a real date and a known reason', () => {
    expect(
      TerminateBodySchema.safeParse({ effective_date: '2026-02-30', reason: 'other' }).success,
    ).toBe(false);
    expect(
      TerminateBodySchema.safeParse({ effective_date: '2026-12-01', reason: 'bored' }).success,
    ).toBe(false);
  });

  it('fill stakeholder defaults on create but never on a patch', () => {
    expect(
      StakeholderBodySchema.parse({
        name_en: 'Chan Tai Man',
        roles: ['director'],
        identification_document: 'passport',
        identification_document_number: 'K1234567',
      }),
    ).toMatchObject({ name_zh: null, address: null, shares_over_threshold: false });
    expect(StakeholderPatchBodySchema.parse({ name_en: 'Chan Siu Ming' })).toEqual({
      name_en: 'Chan Siu Ming',
    });
    expect(StakeholderPatchBodySchema.safeParse({}).success).toBe(false);
  });

  it('refuse fields in an empty body', () => {
    expect(EmptyBodySchema.safeParse({}).success).toBe(true);
    expect(EmptyBodySchema.safeParse({ status: 'x' }).success).toBe(false);
  });
});
