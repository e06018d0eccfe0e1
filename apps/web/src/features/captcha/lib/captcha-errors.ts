import { isApiError } from '@clinicpass/shared/api-client/client';

/** The five captcha errors of the spec (member-app §8), each with its own message. */
export const CAPTCHA_ERRORS = ['network', 'expired', 'incorrect', 'timeout', 'used'] as const;
export type CaptchaError = (typeof CAPTCHA_ERRORS)[number];

/** What the field says: one of the errors, or that a check is needed. */
export type CaptchaMessage = CaptchaError | 'required';

const BY_CODE: Record<string, CaptchaMessage> = {
  captcha_required: 'required',
  captcha_invalid: 'incorrect',
  captcha_expired: 'expired',
  captcha_used: 'used',
};

/** The field's message for an API error about the captcha; null for any other error. */
export function captchaMessageOf(error: unknown): CaptchaMessage | null {
  return isApiError(error) ? (BY_CODE[error.code] ?? null) : null;
}
