import { ApiError } from '@clinicpass/shared/api-client/client';
import { describe, expect, it } from 'vitest';

import { captchaMessageOf } from './captcha-errors';

const answered = (code: string, status = 400) => new ApiError({ status, code, message: 'x' });

describe('captchaMessageOf', () => {
  it.each([
    ['captcha_required', 'required'],
    ['captcha_invalid', 'incorrect'],
    ['captcha_expired', 'expired'],
    ['captcha_used', 'used'],
  ] as const)('reads %s as the field message "%s"', (code, message) => {
    expect(captchaMessageOf(answered(code))).toBe(message);
  });

  it('leaves every other error to the form', () => {
    expect(captchaMessageOf(answered('validation_error'))).toBeNull();
    expect(captchaMessageOf(answered('network_error', 0))).toBeNull();
    expect(captchaMessageOf(answered('NotAuthorizedException'))).toBeNull();
    expect(captchaMessageOf(new Error('captcha_used'))).toBeNull();
    expect(captchaMessageOf({ code: 'captcha_used' })).toBeNull();
    expect(captchaMessageOf(null)).toBeNull();
  });
});
