// Starts the job runner (decision 280) with the app and stops it, letting running jobs finish,
// when the app closes (before the database pool ends). JOBS=off: this process queues jobs but
// works none; another process on the same database does.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Runner } from 'graphile-worker';
import type pg from 'pg';
import { startJobRunner } from '../jobs/runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's job runner; null when JOBS=off or the database is not a pool. */
    jobRunner: () => Runner | null;
  }
}

export const jobsPlugin = fp(
  (app: FastifyInstance, options: { pool: pg.Pool | undefined }) => {
    let runner: Runner | null = null;
    app.decorate('jobRunner', () => runner);
    const { pool } = options;
    if (!app.config.jobs.enabled || pool === undefined) return Promise.resolve();
    app.addHook('onReady', async () => {
      runner = await startJobRunner(
        { db: app.db, config: app.config, clock: app.clock, log: app.log },
        {
          pool,
          concurrency: app.config.jobs.concurrency,
          cron: app.config.jobs.cron,
          schedule: app.config.jobs.schedule,
          deliver: (id, attempt, max) => app.delivery.deliver(id, attempt, max),
        },
      );
    });
    app.addHook('onClose', async () => {
      await runner?.stop();
      runner = null;
    });
    return Promise.resolve();
  },
  { name: 'jobs', dependencies: ['identity'] },
);
