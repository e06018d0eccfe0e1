import { AppError } from '@clinicpass/shared/errors/app-error';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const HealthSchema = z.object({ status: z.literal('ok') });

/** `/healthz`: the process is up. `/readyz`: the database answers. */
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async by contract
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { hide: true, response: { 200: HealthSchema } } }, () => ({
    status: 'ok' as const,
  }));
  app.get('/readyz', { schema: { hide: true, response: { 200: HealthSchema } } }, async () => {
    try {
      await app.db.execute(sql`select 1`);
    } catch (error) {
      throw new AppError('service_unavailable', {
        message: 'The database does not answer',
        cause: error,
      });
    }
    return { status: 'ok' as const };
  });
};
