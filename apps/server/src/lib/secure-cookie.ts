import type { FastifyRequest } from 'fastify';

/**
 * Whether a cookie set in answer to `request` is marked Secure: whenever the app's public address
 * is https (decision 138), or the request came so. The session cookies and the member-on-device
 * mark (decision 232) alike.
 */
export function cookieIsSecure(request: FastifyRequest): boolean {
  return request.server.config.https || request.protocol === 'https';
}
