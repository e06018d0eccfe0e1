// The platform rules of §5 where the request bodies use them: each schema that carries a rule
// answers the catalogue's key on the right field, so server and forms show the same message.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MemberTicketBodySchema, RedeemPolicyBodySchema } from '../platform/bodies';
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
