// Service requests and underwriting under /api/customer (issue 7), registered with one line in
// app.ts. Every route needs a signed-in customer: a guest is 401 before any validation.
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { underwritingRoutes } from '../underwriting';
import { serviceRequestRoutes } from './service-request.routes';

export const serviceRequestModule: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.identity === null) {
      done(new AppError('unauthenticated', { message: 'Sign in to change your policies' }));
      return;
    }
    done();
  });
  await app.register(serviceRequestRoutes);
  await app.register(underwritingRoutes);
};
