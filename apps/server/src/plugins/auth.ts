// Fills `request.identity` (see auth-context.ts) from the access-token cookie or an
// `Authorization: Bearer` header. A token that is badly signed, expired, or whose session was
// revoked (global sign-out) leaves the request a guest and sets `request.identityRejected`.
// An API call (`/api/…`) whose access cookie expired or is gone, but which carries a current
// refresh token in the `cp_renew` cookie, is signed in with a new access cookie (decision 108).
// Also builds the one identity service the identity routes use.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  ACCESS_COOKIE,
  readCookie,
  RENEW_COOKIE,
  RENEW_COOKIE_PATH,
  setAccessCookie,
} from '../modules/identity/cookies';
import { Delivery } from '../modules/identity/delivery';
import { IdentityRepository } from '../modules/identity/identity.repository';
import { IdentityService } from '../modules/identity/identity.service';
import { requestPath } from './request-path';

declare module 'fastify' {
  interface FastifyInstance {
    identityService: IdentityService;
    delivery: Delivery;
  }
  interface FastifyRequest {
    /** A token was presented and refused (expired, revoked, badly signed). */
    identityRejected: boolean;
    /** Where the accepted or refused token came from. */
    identitySource: 'cookie' | 'bearer' | null;
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export const authPlugin = fp(
  (app: FastifyInstance) => {
    const delivery = new Delivery(app.db, app.config, app.clock, app.log);
    const service = new IdentityService({
      repository: new IdentityRepository(app.db),
      delivery,
      config: app.config,
      clock: app.clock,
      captcha: app.captcha,
    });
    app.decorate('delivery', delivery);
    app.decorate('identityService', service);
    app.decorateRequest('identityRejected', false);
    app.decorateRequest('identitySource', null);

    app.addHook('onRequest', async (request, reply) => {
      const bearer = bearerToken(request.headers.authorization);
      const token = bearer ?? readCookie(request, ACCESS_COOKIE);
      if (token !== null) {
        request.identitySource = bearer === null ? 'cookie' : 'bearer';
        const claims = await service.authenticate(token);
        if (claims !== null) {
          request.identity = {
            userId: claims.userId,
            email: claims.email,
            sessionId: claims.sessionId,
          };
          return;
        }
        request.identityRejected = true;
        if (bearer !== null) return;
      }
      // A browser's API call: renew an expired (or dropped) access cookie from `cp_renew`.
      if (!requestPath(request).startsWith(`${RENEW_COOKIE_PATH}/`)) return;
      const refreshToken = readCookie(request, RENEW_COOKIE);
      if (refreshToken === null) return;
      const renewed = await service.renewAccess(refreshToken);
      if (renewed === null) return;
      request.identity = {
        userId: renewed.claims.userId,
        email: renewed.claims.email,
        sessionId: renewed.claims.sessionId,
      };
      request.identitySource = 'cookie';
      request.identityRejected = false;
      setAccessCookie(request, reply, renewed.accessToken, app.clock.now());
    });
  },
  { name: 'auth', dependencies: ['auth-context', 'captcha'] },
);
