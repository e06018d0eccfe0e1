// The identity module's one service and its message delivery, built once and decorated on the
// app; `authGate` is what the auth plugin (plugins/auth.ts) is handed by app.ts (decision 310).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthGate } from '../../plugins/auth';
import { ACCESS_COOKIE, RENEW_COOKIE, RENEW_COOKIE_PATH, setAccessCookie } from './cookies';
import { Delivery } from './delivery';
import { IdentityRepository } from './identity.repository';
import { IdentityService } from './identity.service';

declare module 'fastify' {
  interface FastifyInstance {
    identityService: IdentityService;
    delivery: Delivery;
  }
}

export const identityPlugin = fp(
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
  },
  { name: 'identity', dependencies: ['captcha'] },
);

/** The identity service's tokens and cookies, as the auth plugin asks for them. */
export function authGate(service: IdentityService): AuthGate {
  return {
    accessCookie: ACCESS_COOKIE,
    renewCookie: RENEW_COOKIE,
    renewPath: RENEW_COOKIE_PATH,
    authenticate: (token) => service.authenticate(token),
    renewAccess: (token) => service.renewAccess(token),
    setAccessCookie,
  };
}
