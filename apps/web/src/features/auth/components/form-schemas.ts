/**
 * Form rules (spec §5). Messages are keys of the `auth` namespace's `validation` group, turned
 * into text where a field shows them.
 */
import '../../../lib/zod-csp';

import { CODE_PATTERN, meetsPasswordPolicy } from '@clinicpass/shared/schemas/identity';
import { z } from 'zod';

export type ValidationKey =
  'required' | 'email' | 'code' | 'password' | 'sameAsCurrent' | 'hkMobile';

/**
 * Field messages that are the shared error catalogue's (namespace `errors`, member-app §8)
 * rather than the form's own: "passwords differ" → "Passwords did not match".
 */
export const CATALOGUE_FIELD_MESSAGES = ['passwords_mismatch'] as const;
export type FieldMessageKey = ValidationKey | (typeof CATALOGUE_FIELD_MESSAGES)[number];

const key = (k: FieldMessageKey) => ({ message: k });

export const emailField = z
  .string()
  .trim()
  .min(1, key('required'))
  .toLowerCase()
  .pipe(z.email(key('email')));

export const codeField = z.string().min(1, key('required')).regex(CODE_PATTERN, key('code'));

export const currentPasswordField = z.string().min(1, key('required'));

export const newPasswordField = z
  .string()
  .min(1, key('required'))
  .refine(meetsPasswordPolicy, key('password'));

/** New password + confirmation (must equal). */
export const newPasswordPair = {
  new_password: newPasswordField,
  confirm_password: z.string().min(1, key('required')),
};

export function confirmMatches(value: { new_password: string; confirm_password: string }) {
  return value.new_password === value.confirm_password;
}
/** The confirmation differs: every form with a confirmation field uses this one refinement. */
export const mismatch = { ...key('passwords_mismatch'), path: ['confirm_password'] };

/** Change password: current, new (not the current one) and its confirmation. */
export const ChangePasswordSchema = z
  .object({ current_password: currentPasswordField, ...newPasswordPair })
  .refine(confirmMatches, mismatch)
  .refine((value) => value.new_password !== value.current_password, {
    ...key('sameAsCurrent'),
    path: ['new_password'],
  });

/** Only digits, at most 6: what a pasted or autofilled code becomes. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

/** Where to go after signing in: `next` when it is a path of this site, else the default. */
export function safeNext(search: string, fallback: string): string {
  const next = new URLSearchParams(search).get('next');
  if (next === null || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return fallback;
  }
  return next;
}
