import { z } from 'zod';

// One or two prefix letters, six digits, a check digit (0–9 or A for ten).
const HKID_FORMAT = /^([A-Z]{1,2})([0-9]{6})([0-9A])$/;

/**
 * The HKID in one canonical form, as it is hashed and compared: uppercase, no spaces, and no
 * brackets around the check digit (`a123456 (3)` → `A1234563`).
 */
export function normalizeHkid(input: string): string {
  const compact = input.toUpperCase().replace(/\s+/g, '');
  const bracketed = /^(.+)\(([0-9A])\)$/.exec(compact);
  return bracketed ? `${bracketed[1] ?? ''}${bracketed[2] ?? ''}` : compact;
}

// A=10 … Z=35; a one-letter prefix is padded in front with a space worth 36.
function letterValue(letter: string): number {
  return letter.charCodeAt(0) - 'A'.charCodeAt(0) + 10;
}

/** Whether an HKID has the right form and check digit (brackets and spaces allowed). */
export function isValidHkid(input: string): boolean {
  const match = HKID_FORMAT.exec(normalizeHkid(input));
  if (!match) return false;
  const [, prefix = '', digits = '', check = ''] = match;
  const values = [
    ...(prefix.length === 1 ? [36] : []),
    ...Array.from(prefix, letterValue),
    ...Array.from(digits, Number),
  ];
  const sum = values.reduce((total, value, index) => total + value * (9 - index), 0);
  const expected = (11 - (sum % 11)) % 11;
  return check === (expected === 10 ? 'A' : String(expected));
}

/**
 * An HKID safe to show: the letters and first 3 digits, the rest masked (`A123***(*)`).
 * Anything that is not HKID-shaped is masked whole, so a typo never leaks a number.
 */
export function maskHkid(input: string): string {
  const normalized = normalizeHkid(input);
  const match = HKID_FORMAT.exec(normalized);
  if (!match) return '*'.repeat(normalized.length);
  const [, prefix = '', digits = ''] = match;
  return `${prefix}${digits.slice(0, 3)}***(*)`;
}

/** An HKID from a form or a request: validated, then normalised. */
export const HkidSchema = z
  .string()
  .refine(isValidHkid, { message: 'validation.hkid' })
  .transform(normalizeHkid);
