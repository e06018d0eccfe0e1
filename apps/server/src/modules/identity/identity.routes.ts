// HTTP side of the identity service (`/identity/…`): schemas, cookies, the per-address limit.
// Errors carry Cognito's names; a malformed field is InvalidParameterException naming it.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { maskPhone } from '@clinicpass/shared/identity/hk-phone';
import { identityContract as contract } from '@clinicpass/shared/contracts/identity';
import { TOKEN_DELIVERY_HEADER, type SignInResponse } from '@clinicpass/shared/schemas/identity';
import { CAPTCHA_HEADER } from '@clinicpass/shared/schemas/captcha';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/contract-route';
import { requestLanguage, sendError, toAppError } from '../../plugins/errors';
import { requireCaptcha } from '../captcha/captcha.plugin';
import {
  clearSessionCookies,
  readCookie,
  REFRESH_COOKIE,
  setAccessCookie,
  setSessionCookies,
} from './cookies';
import { IdentityRepository } from './identity.repository';
import type { SignInResult, Tokens } from './identity.service';

function wantsBodyTokens(request: FastifyRequest): boolean {
  return request.headers[TOKEN_DELIVERY_HEADER] === 'body';
}

// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.identityService;
  const repository = new IdentityRepository(app.db);

  // Validation failures speak Cognito here.
  app.setErrorHandler((error, request, reply) => {
    let appError = toAppError(error);
    if (appError.code === 'validation_error' || appError.code === 'invalid_json') {
      appError = new AppError('InvalidParameterException', {
        message: appError.message,
        details: appError.details,
      });
    }
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code }, 'request rejected');
    return sendError(reply, request, appError);
  });

  // Requests per client address across the identity operations, counted in PostgreSQL.
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'POST') return;
    const count = await repository.countInWindow(`address:${request.ip}`, 60_000, app.clock.now());
    if (count > app.config.identity.addressLimitPerMinute) {
      throw new AppError('TooManyRequestsException');
    }
  });

  const signedIn = (request: FastifyRequest, reply: FastifyReply, tokens: Tokens) => {
    setSessionCookies(request, reply, tokens, app.clock.now());
    const body: SignInResponse = { signed_in: true };
    if (wantsBodyTokens(request)) body.tokens = tokens;
    return body;
  };

  const signInAnswer = (request: FastifyRequest, reply: FastifyReply, result: SignInResult) =>
    result.kind === 'tokens'
      ? signedIn(request, reply, result.tokens)
      : {
          signed_in: false,
          challenge: {
            name: 'SMS_MFA' as const,
            session: result.session,
            destination: result.destination,
          },
        };

  const requireUser = (request: FastifyRequest) => {
    if (request.identity === null) {
      throw new AppError('NotAuthorizedException', { message: 'Not signed in' });
    }
    return request.identity;
  };

  route(app, contract.signIn, async (request, reply) => {
    const { email, password } = request.body;
    const result = await service.signIn(email, password, requestLanguage(request), {
      address: request.ip,
      captcha: request.headers[CAPTCHA_HEADER],
    });
    return signInAnswer(request, reply, result);
  });

  route(app, contract.respondToChallenge, async (request, reply) => {
    const tokens = await service.respondToChallenge(request.body.session, request.body.code);
    return signedIn(request, reply, tokens);
  });

  route(app, contract.me, async (request, reply) => {
    let userId = request.identity?.userId ?? null;
    if (request.identityRejected && request.identitySource === 'bearer') {
      throw new AppError('NotAuthorizedException', {
        message: 'Access Token has been revoked or has expired',
      });
    }
    // A browser whose access cookie expired keeps its session through the refresh cookie: a
    // new access cookie, without rotating the refresh token (decision 108), so two tabs asking
    // at once both stay signed in.
    const refreshToken = readCookie(request, REFRESH_COOKIE);
    if (userId === null && refreshToken !== null && request.identitySource !== 'bearer') {
      const renewed = await service.renewAccess(refreshToken);
      if (renewed === null) {
        clearSessionCookies(request, reply, app.clock.now());
      } else {
        setAccessCookie(request, reply, renewed.accessToken, app.clock.now());
        userId = renewed.claims.userId;
      }
    } else if (userId === null && request.identityRejected) {
      clearSessionCookies(request, reply, app.clock.now());
    }
    const user = userId === null ? null : await service.me(userId);
    reply.header('cache-control', 'no-store');
    return {
      signed_in: user !== null,
      user:
        user === null
          ? null
          : {
              id: user.id,
              email: user.email,
              phone_number: user.phoneNumber === null ? null : maskPhone(user.phoneNumber),
              phone_verified: user.phoneVerified,
            },
      tag: user === null ? ('guest' as const) : ('customer' as const),
    };
  });

  route(app, contract.refresh, async (request, reply) => {
    const token = request.body?.refresh_token ?? readCookie(request, REFRESH_COOKIE);
    if (token === null) {
      throw new AppError('NotAuthorizedException', { message: 'Refresh token missing' });
    }
    return signedIn(request, reply, await service.refresh(token));
  });

  route(app, contract.signOut, async (request, reply) => {
    await service.signOut({
      userId: request.identity?.userId,
      refreshToken: request.body?.refresh_token ?? readCookie(request, REFRESH_COOKIE),
    });
    clearSessionCookies(request, reply, app.clock.now());
    return { ok: true as const };
  });

  route(
    app,
    contract.forgotPassword,
    async (request) => {
      const { email, delivery, language, redirect_url: redirectUrl } = request.body;
      return service.forgotPassword({
        email,
        delivery,
        language: language ?? requestLanguage(request),
        redirectUrl,
      });
    },
    // Every code sent costs a solved captcha (issue 8); the confirm step needs none.
    { preHandler: requireCaptcha(app) },
  );

  route(app, contract.confirmForgotPassword, async (request, reply) => {
    const { email, code, new_password: newPassword } = request.body;
    await service.confirmForgotPassword(email, code, newPassword);
    clearSessionCookies(request, reply, app.clock.now());
    return { ok: true as const };
  });

  route(app, contract.firstTime, async (request) =>
    service.firstTime(request.body.email, request.body.language ?? requestLanguage(request)),
  );

  route(app, contract.firstTimeConfirm, async (request, reply) => {
    const { email, code, new_password: newPassword } = request.body;
    const result = await service.firstTimeConfirm(
      email,
      code,
      newPassword,
      requestLanguage(request),
    );
    return signInAnswer(request, reply, result);
  });

  route(app, contract.verifyPhone, async (request) => {
    const { userId } = requireUser(request);
    return service.sendPhoneVerification(
      userId,
      request.body.phone_number,
      request.body.language ?? requestLanguage(request),
    );
  });

  route(app, contract.confirmPhone, async (request) => {
    const { userId } = requireUser(request);
    await service.confirmPhoneVerification(userId, request.body.code);
    return { ok: true as const };
  });

  route(app, contract.changePassword, async (request) => {
    const { userId, sessionId } = requireUser(request);
    await service.changePassword(
      userId,
      request.body.current_password,
      request.body.new_password,
      sessionId ?? null,
    );
    return { ok: true as const };
  });
};
