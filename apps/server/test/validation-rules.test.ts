// The shared platform rules (platform-layer §5) as the server answers them: a body that breaks
// one is a 400 `validation_error` whose issues name the field and carry the catalogue's key, so
// a client shows the rule's message in English or Chinese.
import { formatValidationMessage } from '@clinicpass/shared/validation/messages';
import { headCountSchema } from '@clinicpass/shared/validation/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config';
import { testConfig } from './build-app';
import { buildPolicyTestApp, PLAIN, type PolicyTestApp } from './policy-support';

let t: PolicyTestApp;

beforeAll(async () => {
  t = await buildPolicyTestApp();
});

afterAll(async () => {
  await t.close();
});

interface ValidationAnswer {
  code: string;
  message: string;
  details: { issues: { path: string; key: string }[] };
}

async function rejected(url: string, payload: object): Promise<ValidationAnswer> {
  // Signed in (the redeem calls need it); the member card look-up takes anyone.
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/customer${url}`,
    headers: { 'x-test-user': PLAIN },
    payload,
  });
  expect(res.statusCode).toBe(400);
  return res.json<ValidationAnswer>();
}

describe('either identity document number or member code', () => {
  it.each([
    ['the member card look-up', '/outpatient/member-ticket', { phone_number: '91234567' }],
    ['a redeem check', '/policy/redeem-validation', { date_of_birth: '1980-05-01' }],
    ['a redeem', '/policy/redeem', { date_of_birth: '1980-05-01' }],
  ])('%s without either names both fields with the catalogue key', async (_name, url, body) => {
    const answer = await rejected(url, body);
    expect(answer.code).toBe('validation_error');
    expect(answer.message).toContain('identity_document_number');
    // The rule said in words, not as its catalogue key.
    expect(answer.message).toContain(formatValidationMessage('en', 'identity_or_member_code'));
    expect(answer.message).not.toContain(': identity_or_member_code');
    expect(answer.details.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'body.identity_document_number',
          key: 'identity_or_member_code',
        }),
        expect.objectContaining({ path: 'body.member_code', key: 'identity_or_member_code' }),
      ]),
    );
  });

  it('the key has its message in both languages', () => {
    expect(formatValidationMessage('en', 'identity_or_member_code')).toBe(
      'Please enter the identity document number or the member code',
    );
    expect(formatValidationMessage('zh-HK', 'identity_or_member_code')).toBe(
      '請輸入身份證明文件號碼或會員編號',
    );
  });
});

describe('names in one script', () => {
  it("a stakeholder's English name with Chinese characters answers no_chinese", async () => {
    const answer = await rejected('/stakeholder', {
      name_en: 'Wong 小明',
      roles: ['director'],
      identification_document: 'hong-kong-identity-card',
      identification_document_number: 'A1234563',
    });
    expect(answer.message).toContain('name_en');
    expect(answer.details.issues).toEqual([
      expect.objectContaining({ path: 'body.name_en', key: 'no_chinese' }),
    ]);
  });

  it("a beneficiary's Chinese name in English letters answers chinese_only", async () => {
    const answer = await rejected('/policy/1/beneficiaries', {
      beneficiaries: [
        {
          identity: { first_name: 'Siu Ming', last_name: 'Chan', chinese_first_name: 'Siu Ming' },
          relationship_to_insured_life: 'child',
          allocation_percentage: 100,
        },
      ],
    });
    expect(answer.details.issues).toEqual([
      expect.objectContaining({
        path: 'body.beneficiaries.0.identity.chinese_first_name',
        key: 'chinese_only',
      }),
    ]);
  });
});

describe('the quotation head-count limit', () => {
  it('is 1,000 unless QUOTATION_MAX_HEAD_COUNT says otherwise', () => {
    expect(testConfig().quotation).toEqual({ maxHeadCount: 1000 });
    expect(testConfig({ QUOTATION_MAX_HEAD_COUNT: '250' }).quotation).toEqual({
      maxHeadCount: 250,
    });
  });

  it.each(['1', '0', '-5', '12.5', 'many'])('refuses QUOTATION_MAX_HEAD_COUNT=%s', (value) => {
    expect(() => testConfig({ QUOTATION_MAX_HEAD_COUNT: value })).toThrow(ConfigError);
    expect(() => testConfig({ QUOTATION_MAX_HEAD_COUNT: value })).toThrow(
      /QUOTATION_MAX_HEAD_COUNT/,
    );
  });

  it('the configured limit is the one the schema applies', () => {
    const schema = headCountSchema(
      testConfig({ QUOTATION_MAX_HEAD_COUNT: '250' }).quotation.maxHeadCount,
    );
    expect(schema.safeParse(249).success).toBe(true);
    expect(schema.safeParse(250).success).toBe(false);
    expect(schema.safeParse(999).success).toBe(false);
  });
});
