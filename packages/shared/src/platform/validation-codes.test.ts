import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error';
import { API_ERROR_CODES, isErrorCode, statusOf } from '../errors/codes';
import { errorMessage, errorResources } from '../errors/messages';
import { LANGUAGES } from '../i18n/languages';
import specData from './spec-extract.json';
import {
  APPLICATION_VALIDATION_CODES,
  APPLICATION_VALIDATION_MESSAGES,
  isApplicationValidationCode,
} from './validation-codes';

/** The codes the spec lists after "Application validation codes:" in §5 (committed, see spec-data.ts). */
function specValidationCodes(): string[] {
  return specData.validationCodes.codes;
}

const CARD_CODES = [
  'invalid_card_number',
  'expired_card',
  'invalid_expiry_date',
  'invalid_cvc',
  'invalid_card_input',
  'card_required',
  'card_add_failed',
  'card_authentication_failed',
  'card_unsupported',
  'card_setup_failed',
  'cardholder_name_mismatch',
] as const;

describe('application validation codes', () => {
  it('has every code the spec lists, and no other', () => {
    const spec = specValidationCodes();
    expect(spec.length).toBeGreaterThan(40);
    expect(Object.keys(APPLICATION_VALIDATION_CODES).sort()).toEqual([...spec].sort());
  });

  it.each(LANGUAGES)('has a %s message for every code', (language) => {
    const messages: Readonly<Record<string, string | undefined>> =
      APPLICATION_VALIDATION_MESSAGES[language];
    const missing = Object.keys(APPLICATION_VALIDATION_CODES).filter(
      (code) => !messages[code]?.trim(),
    );
    expect(missing).toEqual([]);
  });

  it('writes the Chinese messages in Chinese', () => {
    for (const message of Object.values(APPLICATION_VALIDATION_MESSAGES['zh-HK'])) {
      expect(message).toMatch(/\p{Script=Han}/u);
    }
  });

  it('are server error codes with a status and a catalogue message', () => {
    expect(isErrorCode('missing_product')).toBe(true);
    expect(statusOf('missing_product')).toBe(400);
    expect(statusOf('existing_policy')).toBe(409);
    expect(errorMessage('coupon_expired', 'en')).toBe('This coupon has expired');
    expect(errorMessage('coupon_expired', 'zh-HK')).toBe('此優惠券已過期');
    expect(isApplicationValidationCode('coupon_expired')).toBe(true);
    expect(isApplicationValidationCode('not_found')).toBe(false);
  });

  it('answer an AppError in the caller language', () => {
    const error = new AppError('issue_age_out_of_range');
    expect(error.status).toBe(400);
    expect(error.toBody('zh-HK')).toEqual({
      code: 'issue_age_out_of_range',
      message: '受保人的年齡不在此計劃接受的範圍內',
    });
  });
});

describe('card errors', () => {
  it('use the spec wording for the card provider failures', () => {
    expect(errorMessage('card_add_failed', 'en')).toBe(
      'Failed to add credit card, please try again later',
    );
    expect(errorMessage('card_authentication_failed', 'en')).toBe(
      'Two-factor identification failed, please try again',
    );
    expect(errorMessage('card_unsupported', 'en')).toBe(
      'Sorry, this card is unsupported at the moment',
    );
    expect(errorMessage('card_setup_failed', 'en')).toBe(
      'Failed to set up credit card, please enter the details again or use another credit card',
    );
    expect(errorMessage('cardholder_name_mismatch', 'en')).toBe(
      "Cardholder's name and policy holder's name did not match",
    );
  });

  it.each(CARD_CODES)('%s is a 4xx code with messages in both languages', (code) => {
    expect(API_ERROR_CODES[code]).toBeGreaterThanOrEqual(400);
    expect(API_ERROR_CODES[code]).toBeLessThan(500);
    for (const language of LANGUAGES) expect(errorResources[language][code]).toBeTruthy();
  });

  it('answers a reused idempotency key with 422 and an illegal move with 409', () => {
    expect(statusOf('idempotency_key_reused')).toBe(422);
    expect(statusOf('invalid_state_transition')).toBe(409);
    expect(statusOf('payment_method_in_use')).toBe(409);
  });
});
