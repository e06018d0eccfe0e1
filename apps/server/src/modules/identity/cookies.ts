// The session cookies (DESIGN.md "Identity and session"): HttpOnly, SameSite=Strict, Secure on
// https, expiring with the token; the access cookie on Path=/, the refresh cookie on /identity,
// and the same refresh token as `cp_renew` on /api, so an API call can renew an expired access
// cookie (decision 108) while pages and assets never carry a refresh token.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '../../lib/cookies';
import { cookieIsSecure } from '../../lib/secure-cookie';
import type { Tokens } from './identity.service';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS } from './tokens';

export const ACCESS_COOKIE = 'cp_access';
export const REFRESH_COOKIE = 'cp_refresh';
export const REFRESH_COOKIE_PATH = '/identity';
export const RENEW_COOKIE = 'cp_renew';
export const RENEW_COOKIE_PATH = '/api';

export { readCookie };

function cookie(
  name: string,
  value: string,
  options: { path: string; maxAge: number; secure: boolean; now: Date },
): string {
  const expires = new Date(options.now.getTime() + options.maxAge * 1000).toUTCString();
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAge}`,
    `Expires=${options.maxAge === 0 ? 'Thu, 01 Jan 1970 00:00:00 GMT' : expires}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

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
