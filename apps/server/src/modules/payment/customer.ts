// What the payment and billing routes share: a signed-in customer is required (401 for a guest),
// the caller and "now" as the services take them, and the Idempotency-Key header they document.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { hkToday, type Clock } from '@clinicpass/shared/time/clock';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Caller, Now } from '../policy/policy.service';

/** The header POSTs that create or move money or status accept. */
export const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z.string().optional(),
});

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

/** The signed-in caller (the plugin's hook has refused guests already). */
export function callerOf(request: FastifyRequest): Caller {
  if (request.identity === null) throw new AppError('unauthenticated');
  return { userId: request.identity.userId };
}

/** The Hong Kong date and the instant of `clock`. */
export function nowOf(clock: Clock): Now {
  return { today: hkToday(clock), instant: clock.now() };
}
