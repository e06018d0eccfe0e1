// Route table: the captcha challenge (customer area); a solved one goes in `X-Captcha`.
import {
  CAPTCHA_CHALLENGE_PATH,
  CaptchaChallengeQuerySchema,
  CaptchaChallengeSchema,
} from '../schemas/captcha';
import { defineRoute } from './route';

export const captchaContract = {
  getChallenge: defineRoute({
    method: 'GET',
    area: 'customer',
    path: CAPTCHA_CHALLENGE_PATH,
    query: CaptchaChallengeQuerySchema,
    responses: { 200: CaptchaChallengeSchema },
    errors: ['validation_error', 'limit_exceeded'],
    auth: 'none',
    tags: ['Captcha'],
    summary:
      'A signed proof-of-work challenge (5 minutes, single use); solved, it goes in X-Captcha',
    description:
      '`difficulty`: a harder challenge, as a `captcha_required` answer asked for in `details.difficulty` (kept between the base and the cap).',
  }),
} as const;
