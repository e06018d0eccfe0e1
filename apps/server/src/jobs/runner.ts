// The job runner (decision 280): graphile-worker on the application's PostgreSQL. It works the
// outbox's deliveries and the scheduled jobs of `SCHEDULED_JOBS`; a job added in a transaction
// is announced by NOTIFY at commit, so an idle runner starts it within milliseconds.
import type { FastifyBaseLogger } from 'fastify';
import {
  Logger,
  parseCronItems,
  run,
  runMigrations,
  type CronItem,
  type LogFunctionFactory,
  type Runner,
  type TaskList,
} from 'graphile-worker';
import pg from 'pg';
import { SCHEDULED_JOBS, type JobContext, type ScheduledJob } from './schedule';

/** The task that delivers one outbox message (payload `{ id }`). */
export const DELIVER_MESSAGE_TASK = 'deliver_message';

const HOUR_MS = 60 * 60 * 1000;

/** graphile-worker's log lines in the app's log (its debug lines at debug). */
function loggerFor(log: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>): Logger {
  const factory: LogFunctionFactory = (scope) => (level, message) => {
    const line = { jobs: scope.label ?? 'worker', task: scope.taskIdentifier, job: scope.jobId };
    if (level === 'error') log.error(line, message);
    else if (level === 'warning') log.warn(line, message);
    else if (level === 'info') log.info(line, message);
    else log.debug(line, message);
  };
  return new Logger(factory);
}

/** Warnings and errors of the queue's migration to stderr; nothing else. */
const migrationLogger = loggerFor({
  debug: () => undefined,
  info: () => undefined,
  warn: (_line: unknown, message?: string) => process.stderr.write(`jobs: ${message ?? ''}\n`),
  error: (_line: unknown, message?: string) => process.stderr.write(`jobs: ${message ?? ''}\n`),
});

/** The pool behind a node-postgres drizzle database (its public `$client`), if it is one. */
export function poolOf(db: unknown): pg.Pool | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/** Creates or updates the `graphile_worker` schema of `db`'s database (see `runMigrations`). */
export async function migrateJobQueue(db: unknown): Promise<void> {
  const pgPool = poolOf(db);
  if (pgPool === undefined) throw new Error('the job queue is migrated through a pg.Pool');
  await runMigrations({ pgPool, logger: migrationLogger });
}

/**
 * The crontab of `SCHEDULED_JOBS`: each item identified by its task, one pending job at most.
 * `schedule` (JOBS_SCHEDULE) gives some tasks another crontab; a task it names must exist.
 */
export function cronSpecs(
  jobs: readonly ScheduledJob[] = SCHEDULED_JOBS,
  schedule: Readonly<Record<string, string>> = {},
): CronItem[] {
  const unknown = Object.keys(schedule).filter((task) => !jobs.some((job) => job.task === task));
  if (unknown.length > 0) {
    throw new Error(
      `JOBS_SCHEDULE names no scheduled job "${unknown.join('", "')}"; the jobs are ${jobs.map((job) => job.task).join(', ')}`,
    );
  }
  return jobs.map((job) => ({
    task: job.task,
    match: schedule[job.task] ?? job.match,
    identifier: job.task,
    // A slot missed while every replica was down runs at the next start (within an hour);
    // the job key keeps backfilled and on-time runs to one pending job per task.
    options: { backfillPeriod: HOUR_MS, jobKey: job.task, jobKeyMode: 'replace', maxAttempts: 3 },
  }));
}

/** `cronSpecs` parsed for the runner (a crontab graphile-worker cannot read throws here). */
export function cronItems(
  jobs: readonly ScheduledJob[] = SCHEDULED_JOBS,
  schedule: Readonly<Record<string, string>> = {},
) {
  return parseCronItems(cronSpecs(jobs, schedule));
}

export interface JobRunnerOptions {
  pool: pg.Pool;
  concurrency: number;
  /** Schedule `SCHEDULED_JOBS` from this runner. */
  cron: boolean;
  /** The scheduled jobs (default: `SCHEDULED_JOBS`). */
  jobs?: readonly ScheduledJob[];
  /** Crontabs replacing some jobs' own (JOBS_SCHEDULE). */
  schedule?: Readonly<Record<string, string>>;
  /** Delivers one outbox message; throws to have it retried with backoff. */
  deliver: (id: string, attempt: number, maxAttempts: number) => Promise<void>;
}

/** Starts a runner; `stop()` lets running jobs finish. */
export async function startJobRunner(ctx: JobContext, options: JobRunnerOptions): Promise<Runner> {
  const taskList: TaskList = {
    [DELIVER_MESSAGE_TASK]: async (payload, helpers) => {
      const id = (payload as { id?: unknown } | null)?.id;
      if (typeof id !== 'string') throw new Error('deliver_message without an id');
      await options.deliver(id, helpers.job.attempts, helpers.job.max_attempts);
    },
  };
  const jobs = options.jobs ?? SCHEDULED_JOBS;
  for (const job of jobs) {
    taskList[job.task] = async (_payload, helpers) => {
      const result = await job.run(ctx);
      // A cron job is queued to run at its slot (a backfilled one too), so run_at names it.
      const slot = new Date(helpers.job.run_at).toISOString();
      ctx.log.info({ job: job.task, slot, ...result }, 'scheduled job done');
    };
  }
  return run({
    pgPool: options.pool,
    taskList,
    parsedCronItems: options.cron ? cronItems(jobs, options.schedule) : [],
    concurrency: options.concurrency,
    noHandleSignals: true,
    logger: loggerFor(ctx.log),
  });
}
