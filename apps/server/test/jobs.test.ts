// The job runner on real PostgreSQL (decision 280): two runners on one database run a
// scheduled slot once; the scheduled jobs call the operator commands' service functions.
import { systemClock } from '@clinicpass/shared/time/clock';
import type { FastifyBaseLogger } from 'fastify';
import type { Runner } from 'graphile-worker';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../src/db/client';
import { cronItems, cronSpecs, startJobRunner } from '../src/jobs/runner';
import { SCHEDULED_JOBS, type JobContext, type ScheduledJob } from '../src/jobs/schedule';
import { testConfig } from './build-app';
import { createTestDatabase, type TestDatabase } from './db';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('scheduled jobs across replicas', () => {
  let database: TestDatabase;
  const replicas: DatabaseHandle[] = [];
  const runners: Runner[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ seeded: false });
  });
  afterAll(async () => {
    await Promise.all(runners.map((runner) => runner.stop()));
    await Promise.all(replicas.map((replica) => replica.close()));
    await database.drop();
  });

  it('runs a slot once when two runners, each with its own pool, schedule it', async () => {
    const runs: string[] = [];
    const tick: ScheduledJob = {
      task: 'test_tick',
      match: '* * * * *',
      run: (ctx) => {
        runs.push(ctx.config.publicUrl);
        return Promise.resolve({ runs: runs.length });
      },
    };
    const scheduled = new Map<number, number>();
    let completed = 0;
    for (const name of ['first', 'second']) {
      const replica = connectDatabase(database.url, { max: 3 });
      replicas.push(replica);
      const ctx: JobContext = {
        db: replica.db,
        config: testConfig({ PUBLIC_URL: `http://${name}.test` }),
        clock: systemClock,
        log,
      };
      const runner = await startJobRunner(ctx, {
        pool: replica.pool,
        concurrency: 2,
        cron: true,
        jobs: [tick],
        deliver: () => Promise.reject(new Error('no message is sent here')),
      });
      runner.events.on('cron:scheduled', ({ timestamp }) => {
        scheduled.set(timestamp, (scheduled.get(timestamp) ?? 0) + 1);
      });
      runner.events.on('job:complete', ({ job }) => {
        if (job.task_identifier === 'test_tick') completed += 1;
      });
      runners.push(runner);
    }
    // Cron slots are whole minutes: wait for the next one both runners scheduled.
    await until(
      () => [...scheduled.values()].some((count) => count === 2),
      'both runners to schedule one slot',
      90_000,
    );
    await until(() => completed >= 1, 'the slot to run', 30_000);
    expect(runs).toHaveLength(1);
    expect(completed).toBe(1);
    // Neither runner leaves a second job of that slot behind.
    const left = await database.pool.query(
      "select count(*)::int as n from graphile_worker.jobs where task_identifier = 'test_tick'",
    );
    expect(left.rows[0]).toEqual({ n: 0 });
  }, 150_000);
});

describe('the scheduled jobs', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('are one valid crontab item each, identified by their task', () => {
    const items = cronItems();
    expect(items.map((item) => item.identifier)).toEqual(SCHEDULED_JOBS.map((job) => job.task));
    expect(new Set(items.map((item) => item.identifier)).size).toBe(items.length);
  });

  it('take another crontab from JOBS_SCHEDULE, and refuse a task that is not a job', () => {
    const specs = cronSpecs(SCHEDULED_JOBS, { prune_sessions_and_tickets: '*/15 * * * *' });
    expect(Object.fromEntries(specs.map((spec) => [spec.identifier, spec.match]))).toEqual({
      close_stale_visits: '5 * * * *',
      complete_due_service_requests: '10 * * * *',
      prune_sessions_and_tickets: '*/15 * * * *',
      stale_directory_report: '0 17 * * *',
      sweep_orphan_documents: '40 * * * *',
    });
    expect(cronItems(SCHEDULED_JOBS, { close_stale_visits: '* * * * *' })).toHaveLength(5);
    expect(() => cronItems(SCHEDULED_JOBS, { close_stale_visit: '* * * * *' })).toThrow(
      'JOBS_SCHEDULE names no scheduled job "close_stale_visit"; the jobs are close_stale_visits, complete_due_service_requests, prune_sessions_and_tickets, stale_directory_report, sweep_orphan_documents',
    );
    expect(() => cronItems(SCHEDULED_JOBS, { close_stale_visits: '61 * * * *' })).toThrow();
  });

  it('run the operator commands’ service functions and say what they did', async () => {
    const ctx: JobContext = { db: database.db, config: testConfig(), clock: systemClock, log };
    const results: Record<string, Record<string, number>> = {};
    for (const job of SCHEDULED_JOBS) results[job.task] = await job.run(ctx);
    expect(Object.keys(results)).toEqual([
      'close_stale_visits',
      'complete_due_service_requests',
      'prune_sessions_and_tickets',
      'stale_directory_report',
      'sweep_orphan_documents',
    ]);
    // The test configuration keeps documents in PostgreSQL, in their transaction: none is orphaned.
    expect(results.sweep_orphan_documents).toEqual({ deleted: 0 });
    expect(results.close_stale_visits).toEqual({ closed: expect.any(Number) });
    expect(results.complete_due_service_requests).toEqual({ completed: expect.any(Number) });
    expect(results.prune_sessions_and_tickets).toEqual({
      deviceSessions: expect.any(Number),
      tickets: expect.any(Number),
      staffSessions: expect.any(Number),
    });
    // The seeded network has points never verified: the report counts them.
    expect(results.stale_directory_report?.stalePoints).toBeGreaterThan(0);
    expect(results.stale_directory_report?.venues).toBeGreaterThan(0);
  });
});
