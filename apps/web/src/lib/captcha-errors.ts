import { isApiError } from '@clinicpass/shared/api-client/client';
import { CaptchaDifficultyDetailsSchema } from '@clinicpass/shared/schemas/captcha';

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

/**
 * The difficulty a `captcha_required` answer asks for (a look-up of an HKID with recent
 * failures, decision 150); null for any other error.
 */
export function neededDifficulty(error: unknown): number | null {
  if (!isApiError(error) || error.code !== 'captcha_required') return null;
  const details = CaptchaDifficultyDetailsSchema.safeParse(error.details);
  return details.success ? details.data.difficulty : null;
}
