// HTTP side of the identity service (`/identity/…`): schemas, cookies, the per-address limit.
// Errors carry Cognito's names; a malformed field is InvalidParameterException naming it.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { maskPhone } from '@clinicpass/shared/identity/hk-phone';
import {
  ChallengeRequestSchema,
  ChangePasswordRequestSchema,
  CodeDeliveryResponseSchema,
  ConfirmForgotPasswordRequestSchema,
  FirstTimeConfirmRequestSchema,
  FirstTimeRequestSchema,
  ForgotPasswordRequestSchema,
  MeResponseSchema,
  OkResponseSchema,
  PhoneVerifyConfirmRequestSchema,
  PhoneVerifyRequestSchema,
  RefreshRequestSchema,
  SignInRequestSchema,
  SignInResponseSchema,
  TOKEN_DELIVERY_HEADER,
  type SignInResponse,
} from '@clinicpass/shared/schemas/identity';
import { CAPTCHA_HEADER } from '@clinicpass/shared/schemas/captcha';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

const tags = ['identity'];

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

  app.post(
    '/sign-in',
    {
      schema: {
        tags,
        summary: 'Sign in with email and password; SMS_MFA challenge when the phone is verified',
        body: SignInRequestSchema,
        response: { 200: SignInResponseSchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const result = await service.signIn(email, password, requestLanguage(request), {
        address: request.ip,
        captcha: request.headers[CAPTCHA_HEADER],
      });
      return signInAnswer(request, reply, result);
    },
  );

  app.post(
    '/sign-in/challenge',
    {
      schema: {
        tags,
        summary: 'Answer the SMS_MFA challenge with the 6-digit code',
        body: ChallengeRequestSchema,
        response: { 200: SignInResponseSchema },
      },
    },
    async (request, reply) => {
      const tokens = await service.respondToChallenge(request.body.session, request.body.code);
      return signedIn(request, reply, tokens);
    },
  );

  app.get(
    '/me',
    {
      schema: {
        tags,
        summary: 'Who is signed in (a guest answers signed_in false)',
        response: { 200: MeResponseSchema },
      },
    },
    async (request, reply) => {
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
    },
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags,
        summary: 'Rotate the refresh token (cookie, or `refresh_token` in the body)',
        body: RefreshRequestSchema.nullish(),
        response: { 200: SignInResponseSchema },
      },
    },
    async (request, reply) => {
      const token = request.body?.refresh_token ?? readCookie(request, REFRESH_COOKIE);
      if (token === null) {
        throw new AppError('NotAuthorizedException', { message: 'Refresh token missing' });
      }
      return signedIn(request, reply, await service.refresh(token));
    },
  );

  app.post(
    '/sign-out',
    {
      schema: {
        tags,
        summary: 'Global sign-out: every refresh and access token of the user stops working',
        body: RefreshRequestSchema.nullish(),
        response: { 200: OkResponseSchema },
      },
    },
    async (request, reply) => {
      await service.signOut({
        userId: request.identity?.userId,
        refreshToken: request.body?.refresh_token ?? readCookie(request, REFRESH_COOKIE),
      });
      clearSessionCookies(request, reply, app.clock.now());
      return { ok: true as const };
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        tags,
        summary: 'Send a reset code by email (optionally with a link) or SMS',
        body: ForgotPasswordRequestSchema,
        response: { 200: CodeDeliveryResponseSchema },
      },
      // Every code sent costs a solved captcha (issue 8); the confirm step needs none.
      preHandler: requireCaptcha(app),
    },
    async (request) => {
      const { email, delivery, language, redirect_url: redirectUrl } = request.body;
      return service.forgotPassword({
        email,
        delivery,
        language: language ?? requestLanguage(request),
        redirectUrl,
      });
    },
  );

  app.post(
    '/forgot-password/confirm',
    {
      schema: {
        tags,
        summary: 'Set a new password with the reset code (signs out everywhere)',
        body: ConfirmForgotPasswordRequestSchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request, reply) => {
      const { email, code, new_password: newPassword } = request.body;
      await service.confirmForgotPassword(email, code, newPassword);
      clearSessionCookies(request, reply, app.clock.now());
      return { ok: true as const };
    },
  );

  app.post(
    '/first-time',
    {
      schema: {
        tags,
        summary: 'First-time login: email a 6-digit code to a member who has no password yet',
        body: FirstTimeRequestSchema,
        response: { 200: CodeDeliveryResponseSchema },
      },
    },
    async (request) =>
      service.firstTime(request.body.email, request.body.language ?? requestLanguage(request)),
  );

  app.post(
    '/first-time/confirm',
    {
      schema: {
        tags,
        summary: 'First-time login: set the password with the code, then signed in',
        body: FirstTimeConfirmRequestSchema,
        response: { 200: SignInResponseSchema },
      },
    },
    async (request, reply) => {
      const { email, code, new_password: newPassword } = request.body;
      const result = await service.firstTimeConfirm(
        email,
        code,
        newPassword,
        requestLanguage(request),
      );
      return signInAnswer(request, reply, result);
    },
  );

  app.post(
    '/phone/verify',
    {
      schema: {
        tags,
        summary: 'Send a code by SMS to verify a Hong Kong mobile number (signed in)',
        body: PhoneVerifyRequestSchema,
        response: { 200: CodeDeliveryResponseSchema },
      },
    },
    async (request) => {
      const { userId } = requireUser(request);
      return service.sendPhoneVerification(
        userId,
        request.body.phone_number,
        request.body.language ?? requestLanguage(request),
      );
    },
  );

  app.post(
    '/phone/verify/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm the phone with the SMS code (signed in)',
        body: PhoneVerifyConfirmRequestSchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => {
      const { userId } = requireUser(request);
      await service.confirmPhoneVerification(userId, request.body.code);
      return { ok: true as const };
    },
  );

  app.post(
    '/change-password',
    {
      schema: {
        tags,
        summary: 'Change the password: current and new (signed in)',
        body: ChangePasswordRequestSchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => {
      const { userId, sessionId } = requireUser(request);
      await service.changePassword(
        userId,
        request.body.current_password,
        request.body.new_password,
        sessionId ?? null,
      );
      return { ok: true as const };
    },
  );
};
