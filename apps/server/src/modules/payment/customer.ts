// What the payment and billing routes share: a signed-in customer is required (401 for a guest).
import { AppError } from '@clinicpass/shared/errors/app-error';
import type { FastifyInstance } from 'fastify';

/** Refuses guests on every route of the plugin `app` with `message`. */
export function requireCustomer(app: FastifyInstance, message: string): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.identity === null) {
      done(new AppError('unauthenticated', { message }));
      return;
    }
    done();
  });
}
