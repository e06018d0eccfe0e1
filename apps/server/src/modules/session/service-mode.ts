// Operator switches (spec §7): `read_only` answers writes with 503 `read_only_mode` (the web
// then keeps a 5-minute read-only cookie); `maintenance` answers every API call with 503
// `maintenance` (the web shows its maintenance page). Health checks always answer. The mode is
// the stronger of SERVICE_MODE (config, a restart) and the environment settings in PostgreSQL
// (`read_only_mode`, `maintenance_mode`; decision 086), read at most every few seconds.
import { GRAPHQL_PATH } from '@clinicpass/shared/constants';
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath, sendError } from '../../plugins/errors';
import { requestPath, routePattern } from '../../plugins/request-path';
import { type ServiceMode, settingsServiceMode } from '../reference/lists.service';

/** How long a read of the settings' mode is trusted (every process reads its own). */
export const SERVICE_MODE_SETTINGS_TTL_MS = 5_000;

const STRENGTH: Record<ServiceMode, number> = { normal: 0, read_only: 1, maintenance: 2 };

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * POSTs still allowed in read-only mode: starting and ending a session, reading who one is, the
 * finder's GraphQL endpoint, whose schema has queries only (a read sent as a POST), and the
 * member card at the counter (the look-up, a shared card opened, the counter's check), which
 * write only tokens, limits and visits (decision 154).
 */
const READ_ONLY_EXEMPT = new Set([
  GRAPHQL_PATH,
  '/api/customer/outpatient/member-ticket',
  '/api/customer/outpatient/shared-card/open',
  '/api/clinic/outpatient/ticket/verify',
  // The clinic side (issue 18): verifying and recording write only visits, limits and audit.
  '/api/clinic/ticket/verify',
  '/api/clinic/visit/open',
  '/api/clinic/visit/close',
  '/api/clinic/body-check',
  '/session',
  '/identity/sign-in',
  '/identity/sign-in/challenge',
  '/identity/refresh',
  '/identity/sign-out',
]);

export const serviceModePlugin = fp(
  (app: FastifyInstance) => {
    const configured = app.config.serviceMode;
    let cached: { mode: ServiceMode; readAt: number } | null = null;
    const settingsMode = async (): Promise<ServiceMode> => {
      const now = app.clock.now().getTime();
      if (cached && now - cached.readAt < SERVICE_MODE_SETTINGS_TTL_MS && now >= cached.readAt) {
        return cached.mode;
      }
      const mode = await settingsServiceMode(app.db);
      cached = { mode, readAt: now };
      return mode;
    };
    app.addHook('onRequest', async (request, reply) => {
      // The area from the normalised path; the exemption from the matched route (decision 250).
      const pathname = requestPath(request);
      if (!isApiPath(pathname) || pathname === '/dev' || pathname.startsWith('/dev/')) return;
      const fromSettings = configured === 'maintenance' ? configured : await settingsMode();
      const mode = STRENGTH[fromSettings] > STRENGTH[configured] ? fromSettings : configured;
      if (mode === 'normal') return;
      if (mode === 'maintenance') {
        await sendError(reply, request, new AppError('maintenance'));
        return reply;
      }
      const route = routePattern(request);
      if (WRITE_METHODS.has(request.method) && (route === null || !READ_ONLY_EXEMPT.has(route))) {
        await sendError(reply, request, new AppError('read_only_mode'));
        return reply;
      }
    });
  },
  { name: 'service-mode' },
);
