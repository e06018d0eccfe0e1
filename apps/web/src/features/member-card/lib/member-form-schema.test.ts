import { describe, expect, it } from 'vitest';

import { memberFormSchema, toLookupBody, type MemberFormValues } from './member-form-schema';

const base: MemberFormValues = {
  identifyBy: 'hkid',
  hkid: 'A123456(3)',
  memberCode: '',
  phone: '91234567',
};

function errors(values: Partial<MemberFormValues>) {
  const result = memberFormSchema.safeParse({ ...base, ...values });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('member card form rules', () => {
  it.each([
    'A123456(3)',
    'A1234563',
    'a 123456 3',
    'G123456(A)',
    'AB987654(3)',
    'XA123456(8)',
    'Y765432(2)',
    'Z437626A',
    'C668668(9)',
  ])('accepts the HKID %s', (hkid) => {
    expect(errors({ hkid })).toEqual({});
  });

  it.each([
    'A123456(4)',
    'A12345(3)',
    '1234567',
    'AAA123456(3)',
    'G123456(0)',
    'A123456(B)',
    'AB987654(2)',
    'XA123456(9)',
  ])('rejects the HKID %s with the check-digit message', (hkid) => {
    expect(errors({ hkid })).toEqual({ hkid: 'form.errors.hkid' });
  });

  it.each(['91234567', '+852 9123 4567', '852-9123-4567', '2123 4567', '6123 4567'])(
    'accepts the Hong Kong phone %s',
    (phone) => {
      expect(errors({ phone })).toEqual({});
    },
  );

  it.each(['1234', '0123 4567', '+86 139 1234 5678', '912345678', 'call me'])(
    'rejects the phone %s',
    (phone) => {
      expect(errors({ phone })).toEqual({ phone: 'hk_phone' });
    },
  );

  it('requires the HKID or, when chosen, the member code', () => {
    expect(errors({ hkid: '' })).toEqual({ hkid: 'required' });
    expect(errors({ identifyBy: 'member-code', hkid: '' })).toEqual({
      memberCode: 'required',
    });
    expect(errors({ identifyBy: 'member-code', hkid: '', memberCode: 'm1000001' })).toEqual({});
  });

  it('sends the HKID normalised and the phone in E.164', () => {
    expect(toLookupBody({ ...base, hkid: 'a 123456 (3)', phone: '9123 4567' })).toEqual({
      identity_document_number: 'A1234563',
      phone_number: '+85291234567',
    });
    expect(
      toLookupBody({
        ...base,
        identifyBy: 'member-code',
        memberCode: ' m1000001 ',
        phone: '+85291234567',
      }),
    ).toEqual({ member_code: 'M1000001', phone_number: '+85291234567' });
  });
});
