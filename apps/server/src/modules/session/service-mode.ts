// Operator switches (spec §7): `read_only` answers writes with 503 `read_only_mode` (the web
// then keeps a 5-minute read-only cookie); `maintenance` answers every API call with 503
// `maintenance` (the web shows its maintenance page). Health checks always answer. The mode is
// the stronger of SERVICE_MODE (config, a restart) and the environment settings in PostgreSQL
// (`read_only_mode`, `maintenance_mode`; decision 086), read at most every few seconds. A mode
// set in the back office may carry a reason in both languages and an end (decision 302): the
// 503 answer carries them in `details` (and `Retry-After` until the end), and the mode is over at
// its end on every process at once — each compares the stored end with its own clock.
import { GRAPHQL_PATH } from '@clinicpass/shared/constants';
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath, sendError } from '../../plugins/errors';
import { requestPath, routePattern } from '../../plugins/request-path';
import {
  modeInForce,
  type ServiceMode,
  type ServiceModeState,
  settingsServiceMode,
} from '../reference/lists.service';

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

/**
 * What a 503 of a mode set in the back office tells the client beyond its code: the reason in
 * both languages (null when none was given) and the end (null: until switched off).
 */
export function serviceModeDetails(state: ServiceModeState) {
  return {
    reason_en: state.reasonEn,
    reason_zh: state.reasonZh,
    ends_at: state.endsAt?.toISOString() ?? null,
  };
}

/**
 * The back office's sign-in and its switches answer in every mode: an admin must be able to sign
 * in and end a mode they set (decision 302). The rest of /api/ops follows the mode.
 */
const BACK_OFFICE_SWITCHES = new Set([
  '/api/ops/session',
  '/api/ops/session/sms',
  '/api/ops/session/sms/verify',
  '/api/ops/sso/start',
  '/api/ops/sso/callback',
  '/api/ops/service-mode',
  '/api/ops/settings',
  '/api/ops/settings/:key',
]);

export const serviceModePlugin = fp(
  (app: FastifyInstance) => {
    const configured = app.config.serviceMode;
    let cached: { state: ServiceModeState; readAt: number } | null = null;
    const settingsState = async (now: number): Promise<ServiceModeState> => {
      if (cached && now - cached.readAt < SERVICE_MODE_SETTINGS_TTL_MS && now >= cached.readAt) {
        return cached.state;
      }
      const state = await settingsServiceMode(app.db);
      cached = { state, readAt: now };
      return state;
    };
    app.addHook('onRequest', async (request, reply) => {
      // The area from the normalised path; the exemption from the matched route (decision 250).
      const pathname = requestPath(request);
      if (!isApiPath(pathname) || pathname === '/dev' || pathname.startsWith('/dev/')) return;
      const route = routePattern(request);
      if (route !== null && BACK_OFFICE_SWITCHES.has(route)) return;
      if (configured === 'maintenance') {
        await sendError(reply, request, new AppError('maintenance'));
        return reply;
      }
      const now = app.clock.now();
      const state = await settingsState(now.getTime());
      // The end is applied at every request, not when the settings are next read.
      const fromSettings = modeInForce(state, now);
      const mode = STRENGTH[fromSettings] > STRENGTH[configured] ? fromSettings : configured;
      if (mode === 'normal') return;
      if (
        mode === 'read_only' &&
        !(WRITE_METHODS.has(request.method) && (route === null || !READ_ONLY_EXEMPT.has(route)))
      ) {
        return;
      }
      // The reason and the end belong to the settings' mode, not to SERVICE_MODE's.
      const noted = mode === fromSettings ? state : null;
      if (noted?.endsAt) {
        const seconds = Math.ceil((noted.endsAt.getTime() - now.getTime()) / 1000);
        void reply.header('retry-after', String(Math.max(1, seconds)));
      }
      await sendError(
        reply,
        request,
        new AppError(mode === 'maintenance' ? 'maintenance' : 'read_only_mode', {
          ...(noted === null ? {} : { details: serviceModeDetails(noted) }),
        }),
      );
      return reply;
    });
  },
  { name: 'service-mode' },
);
