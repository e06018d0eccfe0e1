// Parts many route table entries share.
import type { ErrorCode } from '../errors/codes';
import { z } from 'zod';

/**
 * The `Idempotency-Key` header a POST that creates or moves money or status honours (decision
 * 063): documented on the route; the server checks its length when it reads it.
 */
export const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z.string().optional(),
});

/** What a route behind a captcha (an `X-Captcha` header) may answer about it. */
export const CAPTCHA_ERRORS = [
  'captcha_required',
  'captcha_invalid',
  'captcha_expired',
  'captcha_used',
] as const satisfies readonly ErrorCode[];
