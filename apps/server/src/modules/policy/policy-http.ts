// What the policy routes share: the signed-in caller, "now" from the app's clock, and the
// `Idempotency-Key` header documented on the POSTs that honour it.
import { AppError } from '@clinicpass/shared/errors/app-error';
import { hkToday } from '@clinicpass/shared/time/clock';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Caller, Now } from './policy.service';

export const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z.string().optional(),
});

export function callerOf(request: FastifyRequest): Caller {
  if (request.identity === null) {
    throw new AppError('unauthenticated', { message: 'Sign in to see your policies' });
  }
  return { userId: request.identity.userId };
}

export function nowOf(app: FastifyInstance): Now {
  return { today: hkToday(app.clock), instant: app.clock.now() };
}
