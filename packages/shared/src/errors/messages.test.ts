import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages';
import { findMissingKeys } from '../i18n/missing-keys';
import { API_ERROR_CODES, CLIENT_ERROR_CODES, IDENTITY_ERROR_CODES } from './codes';
import { errorMessage, errorResources, IDENTITY_MESSAGES_ALT } from './messages';

const everyCode = [
  ...Object.keys(API_ERROR_CODES),
  ...Object.keys(IDENTITY_ERROR_CODES),
  ...CLIENT_ERROR_CODES,
];

describe('error messages', () => {
  it.each(LANGUAGES)('have a %s message for every code', (language) => {
    const missing = everyCode.filter((code) => !errorResources[language][code]?.trim());
    expect(missing).toEqual([]);
  });

  it('have the same keys in both languages', () => {
    expect(findMissingKeys(errorResources)).toEqual([]);
    expect(findMissingKeys(IDENTITY_MESSAGES_ALT)).toEqual([]);
  });

  it('have a second wording for every identity code in both languages', () => {
    for (const language of LANGUAGES) {
      for (const code of Object.keys(IDENTITY_ERROR_CODES)) {
        expect(
          IDENTITY_MESSAGES_ALT[language][code as keyof typeof IDENTITY_ERROR_CODES],
        ).toBeTruthy();
      }
    }
  });

  it('use the catalogue wording of the spec', () => {
    expect(errorMessage('NotAuthorizedException', 'en')).toBe('Incorrect email or password');
    expect(errorMessage('ExpiredCodeException', 'en')).toBe(
      'Verification code expired, please try again',
    );
    expect(errorMessage('TooManyFailedAttemptsException', 'en')).toBe(
      'Action limit exceeded, please try again later',
    );
    expect(errorMessage('NotAuthorizedException', 'en', { alt: true })).toBe(
      'Invalid email or password.',
    );
    expect(errorMessage('InvalidPasswordException', 'en', { alt: true })).toBe(
      'Password must contain at least 8 characters, 1 lowercase, 1 uppercase and 1 numerical character.',
    );
  });

  it('say "Passwords did not match" (member-app §8, passwords differ) in both languages', () => {
    expect(errorMessage('passwords_mismatch', 'en')).toBe('Passwords did not match');
    expect(errorMessage('passwords_mismatch', 'zh-HK')).toBe('兩次輸入的密碼不相符');
  });

  it('speak Traditional Chinese in zh-HK', () => {
    expect(errorMessage('CodeMismatchException', 'zh-HK')).toBe('驗證碼不正確');
  });

  it('read an unknown code as the default message', () => {
    expect(errorMessage('brand_new_code', 'en')).toBe(
      'Something goes wrong, please try again later',
    );
    expect(errorMessage('brand_new_code', 'en', { alt: true })).toBe(
      'Something went wrong, please try again later.',
    );
    expect(errorMessage('__proto__', 'zh-HK')).toBe('發生錯誤，請稍後再試');
  });

  it('keep the first wording where the second set has none', () => {
    expect(errorMessage('read_only_mode', 'en', { alt: true })).toBe(
      errorMessage('read_only_mode', 'en'),
    );
  });

  it('fill placeholders as i18next would', () => {
    expect(errorMessage('no_delivery_method', 'en', { values: { phone: '2123 4567' } })).toBe(
      'Please select another delivery method or reach out to Customer Service at 2123 4567',
    );
  });
});
