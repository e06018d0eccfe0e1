// The max metadata is the one that tells mobile from fixed lines. Only Hong Kong's part of it is
// bundled (hk-phone-metadata.json, made by scripts/hk-phone-metadata.mjs; decision 148): ~1.4 KB
// instead of the whole world's ~118 KB. Web and server share this module, so they accept the
// same numbers; hk-phone.test.ts holds its answers to the full max metadata's.
import { parsePhoneNumberFromString as parseWith } from 'libphonenumber-js/core';
import type { MetadataJson, PhoneNumber } from 'libphonenumber-js/core';
import { z } from 'zod';
import hkMetadata from './hk-phone-metadata.json';

const metadata = hkMetadata as unknown as MetadataJson;

const parsePhoneNumberFromString = (
  text: string,
  options: { defaultCountry?: 'HK'; extract: false },
): PhoneNumber | undefined => parseWith(text, options, metadata);

function parseHk(input: string): PhoneNumber | null {
  // extract: false, so "call 91234567" is not read as a number.
  const phone = parsePhoneNumberFromString(input.trim(), { defaultCountry: 'HK', extract: false });
  return phone?.country === 'HK' && phone.isValid() ? phone : null;
}

/**
 * A Hong Kong number in E.164 (`+85291234567`), or null when the input is not a valid Hong Kong
 * number. Accepts '91234567', '9123 4567', '+852 9123 4567' and '852-9123-4567'.
 */
export function normalizeHkPhone(input: string): string | null {
  return parseHk(input)?.number ?? null;
}

/** Whether the input is a valid Hong Kong phone number (mobile or fixed line). */
export function isValidHkPhone(input: string): boolean {
  return parseHk(input) !== null;
}

/** Whether the input is a valid Hong Kong mobile number, the kind a code can be sent to by SMS. */
export function isHkMobile(input: string): boolean {
  const type = parseHk(input)?.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
}

/**
 * A phone number safe to show or log: country code and the last 4 digits (`+852 ****4567`).
 * Input that does not parse is masked but for its last 4 digits.
 */
export function maskPhone(e164: string): string {
  const phone = parsePhoneNumberFromString(e164, { extract: false });
  if (phone === undefined) {
    const digits = e164.replace(/\D/g, '');
    return `${'*'.repeat(Math.max(digits.length - 4, 0))}${digits.slice(-4)}`;
  }
  const national = phone.nationalNumber;
  return `+${phone.countryCallingCode} ${'*'.repeat(Math.max(national.length - 4, 0))}${national.slice(-4)}`;
}

/**
 * A Hong Kong phone number from a form or a request: validated, then E.164. A wrong one is the
 * validation catalogue's `hk_phone`.
 */
export const HkPhoneSchema = z
  .string()
  .refine(isValidHkPhone, { message: 'hk_phone' })
  .transform((input) => normalizeHkPhone(input) ?? input);

/** A Hong Kong mobile number (for SMS codes): validated, then E.164 (`hk_mobile` when not). */
export const HkMobileSchema = z
  .string()
  .refine(isHkMobile, { message: 'hk_mobile' })
  .transform((input) => normalizeHkPhone(input) ?? input);
