// Attempt limits on redeeming a welcome letter by HKID (or code) and date of birth (decision
// 141): failures are counted per signed-in user and per client address in the shared failure
// counters of the member look-up; after a few, every attempt needs a solved captcha (as sign-in,
// decision 092); past the limit the answer is 429 `limit_exceeded` whatever the details.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { CAPTCHA_HEADER } from '@clinicpass/shared/schemas/captcha';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addFailures, releaseFailures } from '../../plugins/limits';

/** Failures (per user or per address) after which every attempt needs a solved captcha. */
export const REDEEM_FAILURES_BEFORE_CAPTCHA = 3;
/** Failures (per user or per address) in the window after which attempts answer 429. */
export const REDEEM_FAILURE_LIMIT = 10;
/** The window the failures are counted in, from the first one. */
export const REDEEM_FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * Runs one redeem attempt under the limits. A failure is reserved on both counters before the
 * details are looked at (one atomic statement, so parallel guesses cannot slip past the limit or
 * the captcha) and given back unless the answer is the "no such letter" 404: a right guess, an
 * attempt refused for want of a captcha and a malformed HKID cost nothing.
 */
export async function limitRedeemAttempt<Result>(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
  attempt: () => Promise<Result>,
): Promise<Result> {
  const keys = [`redeem:user:${userId}`, `redeem:ip:${request.ip}`];
  const counts = await addFailures(app.db, keys, app.clock.now(), REDEEM_FAILURE_WINDOW_MS);
  let failed = false;
  try {
    if (counts.some((count) => count > REDEEM_FAILURE_LIMIT)) {
      failed = true;
      throw new AppError('limit_exceeded');
    }
    // The count includes this attempt's reservation.
    if (counts.some((count) => count > REDEEM_FAILURES_BEFORE_CAPTCHA)) {
      await app.captcha.check(request.headers[CAPTCHA_HEADER]);
    }
    return await attempt();
  } catch (error) {
    failed ||= error instanceof AppError && error.code === 'not_found';
    throw error;
  } finally {
    if (!failed) await releaseFailures(app.db, keys);
  }
}
