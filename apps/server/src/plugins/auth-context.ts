// Who is asking: `request.identity` is the signed-in customer (set by the identity plugin from
// the access-token cookie or an `Authorization: Bearer` header), or null for a guest. Routes
// check ownership themselves (object-level authorisation) with the id found here.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface Identity {
  userId: string;
  email: string;
  /** The sign-in session the access token belongs to, when it came from one. */
  sessionId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity | null;
  }
}

export const authContextPlugin = fp(
  (app: FastifyInstance) => {
    app.decorateRequest('identity', null);
  },
  { name: 'auth-context' },
);
