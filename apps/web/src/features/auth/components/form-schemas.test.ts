import {
  ChangePasswordRequestSchema,
  ConfirmForgotPasswordRequestSchema,
  SignInRequestSchema,
} from '@clinicpass/shared/schemas/identity';
import { describe, expect, it } from 'vitest';

import {
  ChangePasswordSchema,
  codeField,
  digitsOnly,
  emailField,
  newPasswordField,
  ResetPasswordFormSchema,
  safeNext,
  SignInFormSchema,
} from './form-schemas';

const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('auth form rules (spec §5)', () => {
  it('lowercases a valid email and names what is wrong with others', () => {
    expect(emailField.parse('  Owner@Example.COM ')).toBe('owner@example.com');
    expect(issue(emailField.safeParse(''))).toBe('required');
    // The shared email rule's own message (a key of the auth namespace's validation group).
    expect(issue(emailField.safeParse('owner@'))).toBe('validation.email');
  });

  it('wants a 6-digit code', () => {
    expect(codeField.safeParse('123456').success).toBe(true);
    expect(issue(codeField.safeParse(''))).toBe('required');
    expect(issue(codeField.safeParse('12345'))).toBe('validation.code');
    expect(issue(codeField.safeParse('12345a'))).toBe('validation.code');
  });

  it('wants 8 characters with a lowercase, an uppercase letter and a digit', () => {
    expect(newPasswordField.safeParse('ClinicPass2026').success).toBe(true);
    for (const weak of ['Short1a', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere']) {
      expect(issue(newPasswordField.safeParse(weak)), weak).toBe('password');
    }
  });

  it('refuses a new password equal to the current one, and a confirmation that differs', () => {
    const change = (current: string, next: string, confirm = next) =>
      ChangePasswordSchema.safeParse({
        current_password: current,
        new_password: next,
        confirm_password: confirm,
      });
    expect(change('ClinicPass2026', 'ClinicPass2027').success).toBe(true);
    const same = change('ClinicPass2026', 'ClinicPass2026');
    expect(same.error?.issues).toEqual([
      expect.objectContaining({ message: 'sameAsCurrent', path: ['new_password'] }),
    ]);
    const differs = change('ClinicPass2026', 'ClinicPass2027', 'ClinicPass2028');
    expect(differs.error?.issues).toEqual([
      expect.objectContaining({ message: 'passwords_mismatch', path: ['confirm_password'] }),
    ]);
    expect(issue(change('', 'ClinicPass2027'))).toBe('required');
  });

  it('extend the shared request schemas: a valid form is a valid request', () => {
    expect(Object.keys(SignInFormSchema.shape).sort()).toEqual(
      Object.keys(SignInRequestSchema.shape).sort(),
    );
    const signIn = SignInFormSchema.parse({ email: ' Owner@Example.COM', password: 'x' });
    expect(SignInRequestSchema.parse(signIn)).toEqual({
      email: 'owner@example.com',
      password: 'x',
    });
    const reset = ResetPasswordFormSchema.parse({
      code: '123456',
      new_password: 'ClinicPass2026',
      confirm_password: 'ClinicPass2026',
    });
    expect(
      ConfirmForgotPasswordRequestSchema.safeParse({ email: 'owner@example.com', ...reset })
        .success,
    ).toBe(true);
    const change = ChangePasswordSchema.parse({
      current_password: 'ClinicPass2026',
      new_password: 'ClinicPass2027',
      confirm_password: 'ClinicPass2027',
    });
    expect(ChangePasswordRequestSchema.safeParse(change).success).toBe(true);
  });

  it('keeps only the digits of a pasted code', () => {
    expect(digitsOnly('Code: 123 456.')).toBe('123456');
    expect(digitsOnly('1234567')).toBe('123456');
  });

  it('follows `next` only to a path of this site', () => {
    expect(safeNext('?next=%2Fen%2Foutpatient%2Faccount', '/en/x')).toBe('/en/outpatient/account');
    for (const bad of [
      '?next=https%3A%2F%2Fevil.test',
      '?next=%2F%2Fevil.test',
      '?next=%2F%5Cevil',
      '',
    ]) {
      expect(safeNext(bad, '/en/x'), bad).toBe('/en/x');
    }
  });
});
