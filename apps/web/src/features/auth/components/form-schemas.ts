/**
 * Form rules (spec §5). Each form extends the shared request schema it sends
 * (`packages/shared/src/schemas/identity.ts`): its fields are the request's, checked by the
 * shared rules, with a "required" message first and the form's own extra fields (a
 * confirmation). Messages are keys of the `auth` namespace's `validation` group (the shared
 * schemas name them `validation.…`), turned into text where a field shows them.
 */
import '../../../lib/zod-csp';

import {
  ChangePasswordRequestSchema,
  CodeSchema,
  ConfirmForgotPasswordRequestSchema,
  DeliveryMediumSchema,
  EmailSchema,
  FirstTimeConfirmRequestSchema,
  FirstTimeRequestSchema,
  ForgotPasswordRequestSchema,
  meetsPasswordPolicy,
  PhoneVerifyConfirmRequestSchema,
  SignInRequestSchema,
} from '@clinicpass/shared/schemas/identity';
import { z } from 'zod';

export type ValidationKey = 'required' | 'email' | 'code' | 'password' | 'sameAsCurrent';

/**
 * Field messages that are the shared error catalogue's (namespace `errors`, member-app §8)
 * rather than the form's own: "passwords differ" → "Passwords did not match".
 */
export const CATALOGUE_FIELD_MESSAGES = ['passwords_mismatch'] as const;
export type FieldMessageKey = ValidationKey | (typeof CATALOGUE_FIELD_MESSAGES)[number];

const key = (k: FieldMessageKey) => ({ message: k });

/** Required, then the shared rule: trimmed, lowercased, an email address. */
export const emailField = z.string().trim().min(1, key('required')).pipe(EmailSchema);

/** Required, then the shared rule: the code's digits. */
export const codeField = z.string().min(1, key('required')).pipe(CodeSchema);

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

/** Sign in: the sign-in request's email and password. */
export const SignInFormSchema = SignInRequestSchema.safeExtend({
  email: emailField,
  password: currentPasswordField,
});

/** Forgot password, first step: the request's email and how the code is sent. */
export const ForgotPasswordFormSchema = ForgotPasswordRequestSchema.pick({
  email: true,
  delivery: true,
}).safeExtend({ email: emailField, delivery: DeliveryMediumSchema });

/** Forgot password, second step: the confirmation's code and new password, confirmed. */
export const ResetPasswordFormSchema = ConfirmForgotPasswordRequestSchema.pick({
  code: true,
  new_password: true,
})
  .safeExtend({ code: codeField, ...newPasswordPair })
  .refine(confirmMatches, mismatch);

/** First-time password, first step: the request's email. */
export const FirstTimeFormSchema = FirstTimeRequestSchema.pick({ email: true }).safeExtend({
  email: emailField,
});

/** First-time password, last step: the confirmation's new password, confirmed. */
export const NewPasswordFormSchema = FirstTimeConfirmRequestSchema.pick({ new_password: true })
  .safeExtend(newPasswordPair)
  .refine(confirmMatches, mismatch);

/** A code sent by SMS (sign-in challenge, phone check). */
export const CodeFormSchema = PhoneVerifyConfirmRequestSchema.safeExtend({ code: codeField });

/** Change password: current, new (not the current one) and its confirmation. */
export const ChangePasswordSchema = ChangePasswordRequestSchema.safeExtend({
  current_password: currentPasswordField,
  ...newPasswordPair,
})
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
