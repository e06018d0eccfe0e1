// The platform rules of §5 where the request bodies use them: each schema that carries a rule
// answers the catalogue's key on the right field, so server and forms show the same message.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BeneficiariesBodySchema,
  MemberTicketBodySchema,
  RedeemPolicyBodySchema,
  StakeholderBodySchema,
  StakeholderPatchBodySchema,
} from '../platform/bodies';
import { MemberLookupSchema } from '../schemas/outpatient-lookup';
import { describeIssue } from './issues';

/** Each failing field with the catalogue key of its issue (`field: key`). */
function keysOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return (result.error?.issues ?? []).map(
    (issue) => `${issue.path.join('.')}: ${describeIssue(issue).key}`,
  );
}

describe('either identity document number or member code', () => {
  it.each([
    ['the member look-up', MemberLookupSchema, { phone_number: '91234567' }, { member_code: 'M1' }],
    [
      'a member ticket',
      MemberTicketBodySchema,
      { phone_number: '91234567' },
      { member_code: 'M1' },
    ],
    [
      'a redeem',
      RedeemPolicyBodySchema,
      { date_of_birth: '1980-05-01' },
      { identity_document_number: 'A1234563' },
    ],
  ])('%s marks both fields when neither is given', (_name, schema, base, either) => {
    expect(keysOf(schema, base)).toEqual([
      'identity_document_number: identity_or_member_code',
      'member_code: identity_or_member_code',
    ]);
    expect(keysOf(schema, { ...base, ...either })).toEqual([]);
  });
});

describe('names in one script', () => {
  const stakeholder = {
    name_en: 'Wong Siu Ming',
    roles: ['director'],
    identification_document: 'hong-kong-identity-card',
    identification_document_number: 'A1234563',
  };

  it("a stakeholder's English name carries no Chinese characters", () => {
    expect(keysOf(StakeholderBodySchema, stakeholder)).toEqual([]);
    expect(keysOf(StakeholderBodySchema, { ...stakeholder, name_en: 'Wong 小明' })).toEqual([
      'name_en: no_chinese',
    ]);
    expect(keysOf(StakeholderPatchBodySchema, { name_en: '黃小明' })).toEqual([
      'name_en: no_chinese',
    ]);
    expect(keysOf(StakeholderBodySchema, { ...stakeholder, name_en: '  ' })).toEqual([
      'name_en: required',
    ]);
  });

  it("a beneficiary's Chinese name is in Chinese only", () => {
    const beneficiary = (identity: Record<string, unknown>) => ({
      beneficiaries: [
        {
          identity: { first_name: 'Siu Ming', last_name: 'Chan', ...identity },
          relationship_to_insured_life: 'child',
          allocation_percentage: 100,
        },
      ],
    });
    expect(
      keysOf(
        BeneficiariesBodySchema,
        beneficiary({ chinese_first_name: '小明', chinese_last_name: '陳' }),
      ),
    ).toEqual([]);
    expect(keysOf(BeneficiariesBodySchema, beneficiary({}))).toEqual([]);
    expect(
      keysOf(BeneficiariesBodySchema, beneficiary({ chinese_first_name: 'Siu Ming' })),
    ).toEqual(['beneficiaries.0.identity.chinese_first_name: chinese_only']);
    expect(keysOf(BeneficiariesBodySchema, beneficiary({ chinese_last_name: '陳1' }))).toEqual([
      'beneficiaries.0.identity.chinese_last_name: chinese_only',
    ]);
  });
});
