import { healthContract as contract } from '@clinicpass/shared/contracts/health';
import { AppError } from '@clinicpass/shared/errors/app-error';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/contract-route';

/**
 * `/healthz`: the process is up. `/readyz`: the database answers and every part registered in
 * `app.readiness` is ready (the finder's read model has finished its first load), so a load
 * balancer sends no search to a process that would make it wait. From SIGTERM on it answers 503
 * (draining, decision 261).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, contract.liveness, () => ({ status: 'ok' as const }));
  route(app, contract.readiness, async (_request, reply) => {
    if (app.lifecycle.draining) {
      // Shutting down (decision 261): the balancer takes this process out of rotation.
      return reply
        .code(503)
        .send({ code: 'service_unavailable', message: 'Shutting down: not taking new work' });
    }
    try {
      await app.db.execute(sql`select 1`);
    } catch (error) {
      throw new AppError('service_unavailable', {
        message: 'The database does not answer',
        cause: error,
      });
    }
    const waiting = [...app.readiness].filter(([, ready]) => !ready()).map(([name]) => name);
    if (waiting.length > 0) {
      // Starting is not a fault: answered directly, so error reporting never hears of it.
      return reply
        .code(503)
        .header('retry-after', '1')
        .send({ code: 'service_unavailable', message: `Still starting: ${waiting.join(', ')}` });
    }
    return { status: 'ok' as const };
  });
};
