// The clinic area (`/api/clinic`). Its callers (issue 18): a counter presenting a live clinic key
// (decision 106: `X-Clinic-Key` or a `cpk_` bearer), which acts for its venue; or a signed-in
// clinic staff member (the identity service's sign-in), who acts for the venues bound to the
// account. The check runs before body parsing and validation. The key-only ticket check of
// decision 106 still answers `clinic_key_missing` without a key; the other routes answer a
// guest 401 `unauthenticated` and a signed-in account that is not clinic staff 403 `forbidden`.
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { FastifyInstance } from 'fastify';
import { routePattern } from '../../plugins/request-path';
import { outpatientClinicRoutes } from '../outpatient';
import { authenticateClinic, type ClinicCaller, presentedKey } from './clinic-key.service';
import { clinicRoutes, staffVenues } from './clinic.routes';

declare module 'fastify' {
  interface FastifyRequest {
    /** The clinic behind the key, on clinic-area routes. */
    clinic: ClinicCaller | null;
  }
}

/** The route of decision 106 that only a clinic key may call. */
const KEY_ONLY_PATH = '/api/clinic/outpatient/ticket/verify';

export async function clinicModule(app: FastifyInstance): Promise<void> {
  app.decorateRequest('clinic', null);
  app.decorateRequest('clinicActor', null);
  app.addHook('onRequest', async (request) => {
    const key = presentedKey(request.headers);
    // The matched route, not the address as sent: `/ticket/%76erify` is that route too
    // (decision 250).
    if (key !== null || routePattern(request) === KEY_ONLY_PATH) {
      const caller = await authenticateClinic({ db: app.db, clock: app.clock }, key, request.ip);
      request.clinic = caller;
      request.clinicActor = {
        kind: 'key',
        userId: null,
        keyId: caller.keyId,
        email: null,
        venueIds: [caller.venueId],
      };
      return;
    }
    const identity = request.identity;
    if (identity === null) throw new AppError('unauthenticated');
    const venueIds = await staffVenues(app.db, identity.userId);
    if (venueIds.length === 0) {
      throw new AppError('forbidden', { message: 'This account is not a clinic staff account' });
    }
    request.clinicActor = {
      kind: 'user',
      userId: identity.userId,
      keyId: null,
      email: identity.email,
      venueIds,
    };
  });
  await app.register(outpatientClinicRoutes);
  await app.register(clinicRoutes);
}
