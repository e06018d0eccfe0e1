// The session cookies (DESIGN.md "Identity and session"): HttpOnly, SameSite=Strict, Secure on
// https, expiring with the token; the access cookie on Path=/, the refresh cookie on /identity,
// and the same refresh token as `cp_renew` on /api, so an API call can renew an expired access
// cookie (decision 108) while pages and assets never carry a refresh token.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, sessionCookie } from '../../lib/cookies';
import { cookieIsSecure } from '../../lib/secure-cookie';
import type { Tokens } from './identity.service';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS } from './tokens';

export const ACCESS_COOKIE = 'cp_access';
export const REFRESH_COOKIE = 'cp_refresh';
export const REFRESH_COOKIE_PATH = '/identity';
export const RENEW_COOKIE = 'cp_renew';
export const RENEW_COOKIE_PATH = '/api';

export { readCookie };

const cookie = sessionCookie;

export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: Tokens,
  now: Date,
): void {
  const secure = cookieIsSecure(request);
  reply.header('set-cookie', [
    cookie(ACCESS_COOKIE, tokens.access_token, {
      path: '/',
      maxAge: tokens.expires_in,
      secure,
      now,
    }),
    cookie(REFRESH_COOKIE, tokens.refresh_token, {
      path: REFRESH_COOKIE_PATH,
      maxAge: REFRESH_TOKEN_SECONDS,
      secure,
      now,
    }),
    cookie(RENEW_COOKIE, tokens.refresh_token, {
      path: RENEW_COOKIE_PATH,
      maxAge: REFRESH_TOKEN_SECONDS,
      secure,
      now,
    }),
  ]);
}

/** Only a new access cookie (an API call renewed it; the refresh token is unchanged). */
export function setAccessCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  accessToken: string,
  now: Date,
): void {
  reply.header(
    'set-cookie',
    cookie(ACCESS_COOKIE, accessToken, {
      path: '/',
      maxAge: ACCESS_TOKEN_SECONDS,
      secure: cookieIsSecure(request),
      now,
    }),
  );
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply, now: Date): void {
  const secure = cookieIsSecure(request);
  reply.header('set-cookie', [
    cookie(ACCESS_COOKIE, '', { path: '/', maxAge: 0, secure, now }),
    cookie(REFRESH_COOKIE, '', { path: REFRESH_COOKIE_PATH, maxAge: 0, secure, now }),
    cookie(RENEW_COOKIE, '', { path: RENEW_COOKIE_PATH, maxAge: 0, secure, now }),
  ]);
}
