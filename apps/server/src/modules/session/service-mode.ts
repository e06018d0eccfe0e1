// Operator switch SERVICE_MODE (spec §7): `read_only` answers writes with 503 `read_only_mode`
// (the web then keeps a 5-minute read-only cookie); `maintenance` answers every API call with
// 503 `maintenance` (the web shows its maintenance page). Health checks always answer.
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath, sendError } from '../../plugins/errors';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Writes still allowed in read-only mode: starting and ending a session, reading who one is. */
const READ_ONLY_EXEMPT = [
  '/session',
  '/identity/sign-in',
  '/identity/sign-in/challenge',
  '/identity/refresh',
  '/identity/sign-out',
];

export const serviceModePlugin = fp(
  (app: FastifyInstance) => {
    const mode = app.config.serviceMode;
    if (mode === 'normal') return;
    app.addHook('onRequest', async (request, reply) => {
      const pathname = (request.url.split('?')[0] ?? '').replace(/\/+$/, '');
      if (!isApiPath(request.url) || pathname.startsWith('/dev')) return;
      if (mode === 'maintenance') {
        await sendError(reply, request, new AppError('maintenance'));
        return reply;
      }
      if (WRITE_METHODS.has(request.method) && !READ_ONLY_EXEMPT.includes(pathname)) {
        await sendError(reply, request, new AppError('read_only_mode'));
        return reply;
      }
    });
  },
  { name: 'service-mode' },
);
