// The phone rules bundle Hong Kong's part of libphonenumber-js's max metadata only (decision
// 148). Web and server both use hk-phone.ts, so they accept the same numbers; this holds that
// module's answers to the full max metadata's, for every kind of input, and the committed
// metadata file to what scripts/hk-phone-metadata.mjs makes from the installed package.
import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import max from 'libphonenumber-js/metadata.max.json';
import committed from './hk-phone-metadata.json';
import { isHkMobile, isValidHkPhone, maskPhone, normalizeHkPhone } from './hk-phone';

/** The same questions asked of the whole world's max metadata. */
function fullMax(input: string) {
  const phone = parsePhoneNumberFromString(input.trim(), { defaultCountry: 'HK', extract: false });
  const hk = phone?.country === 'HK' && phone.isValid() ? phone : null;
  const type = hk?.getType();
  return {
    valid: hk !== null,
    normalized: hk?.number ?? null,
    mobile: type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE',
  };
}

const answers = (input: string) => ({
  valid: isValidHkPhone(input),
  normalized: normalizeHkPhone(input),
  mobile: isHkMobile(input),
});

const digits = (min: number, max: number) =>
  fc.string({
    unit: fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '8', '9'),
    minLength: min,
    maxLength: max,
  });

describe('Hong Kong-only phone metadata', () => {
  it('is what the script makes from the installed libphonenumber-js', () => {
    expect(committed).toEqual({
      version: max.version,
      country_calling_codes: { 852: max.country_calling_codes['852'] },
      countries: { HK: max.countries.HK },
      nonGeographic: {},
    });
  });

  it('answers every 8-digit number as the full max metadata does', () => {
    // Every leading 3 digits, so each number range (mobile, fixed, pager, premium…) is met.
    for (let prefix = 0; prefix < 1000; prefix += 1) {
      for (const rest of ['00000', '12345', '67890', '99999']) {
        const input = `${String(prefix).padStart(3, '0')}${rest}`;
        expect(answers(input), input).toEqual(fullMax(input));
      }
    }
  });

  it('answers any typed input as the full max metadata does', () => {
    const typed = fc.oneof(
      digits(0, 12),
      fc
        .tuple(
          fc.constantFrom('+852 ', '852-', '+852', '(852) ', '+86 ', '+44 ', '+1 ', '00852 ', ''),
          digits(4, 10),
        )
        .map(([prefix, number]) => `${prefix}${number}`),
      digits(8, 8).map((number) => `${number.slice(0, 4)} ${number.slice(4)}`),
      fc.string({ maxLength: 16 }),
    );
    fc.assert(
      fc.property(typed, (input) => {
        expect(answers(input)).toEqual(fullMax(input));
      }),
      { numRuns: 3000 },
    );
  });

  it('masks a Hong Kong number as before', () => {
    expect(maskPhone('+85261234567')).toBe('+852 ****4567');
  });
});
