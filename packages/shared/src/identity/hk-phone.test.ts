import { describe, expect, it } from 'vitest';
import {
  HkMobileSchema,
  HkPhoneSchema,
  isHkMobile,
  isValidHkPhone,
  maskPhone,
  normalizeHkPhone,
} from './hk-phone';

describe('Hong Kong phone numbers', () => {
  it.each(['91234567', '9123 4567', '+852 9123 4567', '852-9123-4567'])(
    'normalises %s to E.164',
    (input) => {
      expect(normalizeHkPhone(input)).toBe('+85291234567');
    },
  );

  it('takes a mobile number as valid and mobile', () => {
    expect(isValidHkPhone('91234567')).toBe(true);
    expect(isHkMobile('91234567')).toBe(true);
  });

  it('takes a fixed line as valid but not mobile', () => {
    expect(isValidHkPhone('21234567')).toBe(true);
    expect(isHkMobile('21234567')).toBe(false);
  });

  it.each(['12345678', '9123456', '912345678', '+86 138 0013 8000', 'call 91234567', ''])(
    'rejects %s',
    (input) => {
      expect(isValidHkPhone(input)).toBe(false);
      expect(normalizeHkPhone(input)).toBeNull();
    },
  );

  it('masks all but the last four digits', () => {
    expect(maskPhone('+85291234567')).toBe('+852 ****4567');
    expect(maskPhone('91234567')).toBe('****4567');
  });

  it('parses form input to E.164 with the validation keys', () => {
    expect(HkPhoneSchema.parse('2123 4567')).toBe('+85221234567');
    expect(HkMobileSchema.parse('9123 4567')).toBe('+85291234567');
    expect(HkMobileSchema.safeParse('21234567').error?.issues[0]?.message).toBe('hk_mobile');
    expect(HkPhoneSchema.safeParse('12345678').error?.issues[0]?.message).toBe('hk_phone');
  });
});
