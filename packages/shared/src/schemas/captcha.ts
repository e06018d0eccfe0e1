// The self-hosted proof-of-work captcha (issue 8, decision 090): an ALTCHA v2 challenge from
// `GET /api/customer/captcha/challenge`, solved in the browser; the solved payload (base64 of
// `{ challenge, solution }`) travels in the `X-Captcha` request header.
import { z } from 'zod';

/** The request header carrying the solved payload (lower case, as Node sees headers). */
export const CAPTCHA_HEADER = 'x-captcha';
/** The API path of the challenge, under the customer area. */
export const CAPTCHA_CHALLENGE_PATH = '/captcha/challenge';
/** A challenge is accepted for this long after it was issued (default of CAPTCHA_TTL_SECONDS). */
export const CAPTCHA_TTL_SECONDS = 300;
/** Sign-in asks for a captcha once a client address or an email has this many recent failures. */
export const SIGN_IN_FAILURES_BEFORE_CAPTCHA = 3;

/**
 * Failed look-ups of one HKID (from any address) that still cost only the base difficulty; each
 * one beyond doubles it, up to a cap (decision 150). Default of CAPTCHA_FREE_FAILURES.
 */
export const CAPTCHA_FREE_FAILURES = 3;

/**
 * `GET /captcha/challenge?difficulty=N`: a harder challenge, when an answer asked for one
 * (`captcha_required` with `details.difficulty`). The server keeps it between its base and cap.
 */
export const CaptchaChallengeQuerySchema = z.object({
  difficulty: z.coerce.number().int().min(1).max(1_000_000).optional(),
});

/** The details of a `captcha_required` answer asking for a harder check (decision 150). */
export const CaptchaDifficultyDetailsSchema = z.object({
  difficulty: z.number().int().positive(),
});

const Hex = z.string().regex(/^[0-9a-f]+$/i);

export const CaptchaParametersSchema = z.object({
  algorithm: z.string().min(1).max(32),
  nonce: Hex.max(128),
  salt: Hex.max(128),
  cost: z.number().int().positive(),
  keyLength: z.number().int().positive().max(64),
  keyPrefix: Hex.max(128),
  keySignature: Hex.max(256).optional(),
  memoryCost: z.number().int().positive().optional(),
  parallelism: z.number().int().positive().optional(),
  /** Unix time (seconds) after which the challenge is refused. */
  expiresAt: z.number().int().positive().optional(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});

/** What the challenge call answers: parameters and the server's HMAC signature of them. */
export const CaptchaChallengeSchema = z.object({
  parameters: CaptchaParametersSchema,
  signature: Hex.max(256),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;

/** The decoded `X-Captcha` payload. */
export const CaptchaPayloadSchema = z.object({
  challenge: CaptchaChallengeSchema,
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: Hex.max(256),
    time: z.number().optional(),
  }),
});
export type CaptchaPayload = z.infer<typeof CaptchaPayloadSchema>;

/** The `X-Captcha` header for a solved payload (or none). */
export function captchaHeaders(payload: string | null | undefined): Record<string, string> {
  return payload ? { [CAPTCHA_HEADER]: payload } : {};
}
