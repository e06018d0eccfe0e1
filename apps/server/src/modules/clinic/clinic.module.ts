// The clinic area (`/api/clinic`): every route in it answers only a clinic presenting a live
// clinic key (decision 106). The key check runs before body parsing and validation.
import type { FastifyInstance } from 'fastify';
import { outpatientClinicRoutes } from '../outpatient';
import { authenticateClinic, type ClinicCaller, presentedKey } from './clinic-key.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The clinic behind the key, on clinic-area routes. */
    clinic: ClinicCaller | null;
  }
}

export async function clinicModule(app: FastifyInstance): Promise<void> {
  app.decorateRequest('clinic', null);
  app.addHook('onRequest', async (request) => {
    request.clinic = await authenticateClinic(
      { db: app.db, clock: app.clock },
      presentedKey(request.headers),
      request.ip,
    );
  });
  await app.register(outpatientClinicRoutes);
}
