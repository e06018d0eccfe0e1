// The one captcha service of the app (`app.captcha`), used by the look-up, sign-in and
// forgot-password; and its challenge route (customer area).
import { captchaContract } from '@clinicpass/shared/contracts/captcha';
import { CAPTCHA_HEADER } from '@clinicpass/shared/schemas/captcha';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/contract-route';
import { takeFromWindow } from '../../plugins/limits';
import { CaptchaService } from './captcha.service';

declare module 'fastify' {
  interface FastifyInstance {
    captcha: CaptchaService;
  }
  interface FastifyRequest {
    /** The difficulty of the captcha this request solved (set by `requireCaptcha`; 0: none). */
    captchaDifficulty: number;
  }
}

export const captchaPlugin = fp(
  (app: FastifyInstance) => {
    app.decorate('captcha', new CaptchaService(app.db, app.config));
    app.decorateRequest('captchaDifficulty', 0);
  },
  { name: 'captcha' },
);

/** A preHandler that accepts a request only with a solved, unused captcha in `X-Captcha`. */
export function requireCaptcha(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    request.captchaDifficulty = (
      await app.captcha.check(request.headers[CAPTCHA_HEADER])
    ).difficulty;
  };
}

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, captchaContract.getChallenge, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    // Each challenge is a stored row: a budget per client address (decision 251).
    await takeFromWindow(
      app.db,
      `captcha:challenge:ip:${request.ip}`,
      {
        limit: app.config.guestLimits.challengesPerAddressPerMinute,
        windowMs: 60_000,
        message: 'Too many verification checks from this address; please try again shortly',
      },
      request.now.instant,
    );
    return app.captcha.challenge(request.query.difficulty);
  });
};
