// Fills `request.identity` (see auth-context.ts) from the access-token cookie or an
// `Authorization: Bearer` header. A token that is badly signed, expired, or whose session was
// revoked (global sign-out) leaves the request a guest and sets `request.identityRejected`.
// Also builds the one identity service the identity routes use.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_COOKIE, readCookie } from '../modules/identity/cookies';
import { Delivery } from '../modules/identity/delivery';
import { IdentityRepository } from '../modules/identity/identity.repository';
import { IdentityService } from '../modules/identity/identity.service';

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

    app.addHook('onRequest', async (request) => {
      const bearer = bearerToken(request.headers.authorization);
      const token = bearer ?? readCookie(request, ACCESS_COOKIE);
      if (token === null) return;
      request.identitySource = bearer === null ? 'cookie' : 'bearer';
      const claims = await service.authenticate(token);
      if (claims === null) {
        request.identityRejected = true;
        return;
      }
      request.identity = { userId: claims.userId, email: claims.email };
    });
  },
  { name: 'auth', dependencies: ['auth-context', 'captcha'] },
);
