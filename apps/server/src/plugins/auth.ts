// Fills `request.identity` (see auth-context.ts) from the access-token cookie or an
// `Authorization: Bearer` header. A token that is badly signed, expired, or whose session was
// revoked (global sign-out) leaves the request a guest and sets `request.identityRejected`.
// An API call (`/api/…`) whose access cookie expired or is gone, but which carries a current
// refresh token in the `cp_renew` cookie, is signed in with a new access cookie (decision 108).
// The plugins import no module (decision 310): app.ts hands this plugin the identity module's
// tokens and cookies as an `AuthGate`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { readCookie } from '../lib/cookies';
import { requestPath } from './request-path';

/** Who a valid access token names. */
export interface AuthClaims {
  userId: string;
  email: string;
  sessionId: string;
}

/** What the auth plugin needs of the identity module. */
export interface AuthGate {
  /** The access cookie's name. */
  accessCookie: string;
  /** The cookie that carries the refresh token to API calls, and the path it is sent on. */
  renewCookie: string;
  renewPath: string;
  authenticate(accessToken: string): Promise<AuthClaims | null>;
  renewAccess(refreshToken: string): Promise<{ claims: AuthClaims; accessToken: string } | null>;
  setAccessCookie(request: FastifyRequest, reply: FastifyReply, token: string, now: Date): void;
}

declare module 'fastify' {
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
  (app: FastifyInstance, { gate }: { gate: AuthGate }) => {
    app.decorateRequest('identityRejected', false);
    app.decorateRequest('identitySource', null);

    app.addHook('onRequest', async (request, reply) => {
      const bearer = bearerToken(request.headers.authorization);
      const token = bearer ?? readCookie(request, gate.accessCookie);
      if (token !== null) {
        request.identitySource = bearer === null ? 'cookie' : 'bearer';
        const claims = await gate.authenticate(token);
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
      if (!requestPath(request).startsWith(`${gate.renewPath}/`)) return;
      const refreshToken = readCookie(request, gate.renewCookie);
      if (refreshToken === null) return;
      const renewed = await gate.renewAccess(refreshToken);
      if (renewed === null) return;
      request.identity = {
        userId: renewed.claims.userId,
        email: renewed.claims.email,
        sessionId: renewed.claims.sessionId,
      };
      request.identitySource = 'cookie';
      request.identityRejected = false;
      gate.setAccessCookie(request, reply, renewed.accessToken, app.clock.now());
    });
  },
  { name: 'auth', dependencies: ['auth-context'] },
);
