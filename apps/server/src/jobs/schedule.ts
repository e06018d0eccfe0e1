// The scheduled jobs (decision 280), one line each: the runner registers every task here and
// schedules it by its crontab `match` (UTC; Hong Kong is UTC+8). graphile-worker records each
// slot once in the database, so with any number of replicas each slot runs once. A job returns
// what it did, which is logged; it must be safe to run again (a retry, a backfilled slot).
import { hkToday, type Clock } from '@clinicpass/shared/time/clock';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { sweepOrphanDocuments } from '../modules/claims/claim-documents.service';
import { storageOf } from '../modules/claims/document-storage';
import { staleServicePoints } from '../modules/directory/directory.service';
import { pruneEndedTickets } from '../modules/outpatient/outpatient.service';
import { closeStaleVisits } from '../modules/outpatient/visit.service';
import { pruneDeviceSessions } from '../modules/session/session.service';
import { completeDueRequests } from '../modules/service-request/service-request.service';
import { pruneStaffSessions } from '../modules/staff/staff.service';

export interface JobContext {
  db: Database;
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
}

export interface ScheduledJob {
  /** The task's name (also its cron identifier and job key). */
  task: string;
  /** Crontab fields: minute hour day-of-month month day-of-week, in UTC. */
  match: string;
  run(ctx: JobContext): Promise<Record<string, number>>;
}

export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  // `npm run outpatient -- visits close-stale`: hourly, so a missed midnight is soon made up.
  {
    task: 'close_stale_visits',
    match: '5 * * * *',
    run: async ({ db, clock }) => ({
      closed: await closeStaleVisits(db, { today: hkToday(clock), instant: clock.now() }),
    }),
  },
  // `npm run operator -w apps/server -- service-request complete-due`.
  {
    task: 'complete_due_service_requests',
    match: '10 * * * *',
    run: async ({ db, clock }) => ({
      completed: (await completeDueRequests(db, { today: hkToday(clock), instant: clock.now() }))
        .length,
    }),
  },
  // `npm run outpatient -- prune`: device sessions unseen and tickets ended long ago (decision
  // 252), and staff sessions ended a day ago (decision 295).
  {
    task: 'prune_sessions_and_tickets',
    match: '20 * * * *',
    run: async ({ db, clock }) => {
      const now = clock.now();
      return {
        deviceSessions: await pruneDeviceSessions(db, now),
        tickets: await pruneEndedTickets(db, now),
        staffSessions: await pruneStaffSessions(db, now),
      };
    },
  },
  // `npm run outpatient -- stale-report`, as counts in the log: daily at 01:00 Hong Kong time.
  {
    task: 'stale_directory_report',
    match: '0 17 * * *',
    run: async ({ db, clock, config }) => {
      const rows = await staleServicePoints(db, clock.now(), config.directory.staleDays);
      return { stalePoints: rows.length, venues: new Set(rows.map((row) => row.venue_id)).size };
    },
  },
  // Claim documents' objects a crash left in an S3 store with no document row (decision 329).
  {
    task: 'sweep_orphan_documents',
    match: '40 * * * *',
    run: async ({ db, clock, config }) => ({
      deleted: await sweepOrphanDocuments(db, storageOf(config.claimDocuments), clock.now()),
    }),
  },
];
