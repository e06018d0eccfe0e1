// The member card's operator commands (run by `npm run outpatient -- …`, see outpatient.ts),
// apart from the process around them so a test can run them against a test database.
import { isCalendarDate, type Clock } from '@clinicpass/shared/time/clock';
import { parseArgs } from 'node:util';
import type { Database } from '../db/client';
import {
  createAnnouncement,
  deactivateAnnouncement,
} from '../modules/announcement/announcement.service';
import {
  issueClinicKey,
  listClinicKeys,
  revokeClinicKey,
} from '../modules/clinic/clinic-key.service';
import {
  closeReports,
  confirmServicePoints,
  listReports,
  staleServicePoints,
} from '../modules/directory/directory.service';
import { DEFAULT_STALE_DAYS } from '../modules/finder/finder.hours';
import { rebuildFinderIndex } from '../modules/finder/finder.index';
import { recordBodyCheck, revokeMemberTokens } from '../modules/outpatient/outpatient.service';

export const OUTPATIENT_COMMANDS = [
  'record-body-check',
  'revoke-tokens',
  'create-announcement',
  'deactivate-announcement',
  'issue-clinic-key',
  'revoke-clinic-key',
  'list-clinic-keys',
  'confirm-service-point',
  'stale-report',
  'list-reports',
  'resolve-report',
  'reject-report',
] as const;

/** A command line the commands cannot run: missing or bad options, unknown command. */
export class UsageError extends Error {}

function usage(message: string): never {
  throw new UsageError(message);
}

function idOption(value: string | undefined, name: string): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1) usage(`--${name} must be a whole number above 0`);
  return id;
}

function idList(value: string | undefined, name: string): number[] {
  const ids = (value ?? '').split(',').map((part) => Number(part.trim()));
  if (ids.length === 0 || ids.some((id) => !Number.isInteger(id) || id < 1)) {
    usage(`--${name} must be whole numbers above 0, separated by commas`);
  }
  return ids;
}

export interface CommandDeps {
  db: Database;
  clock: Clock;
  /** Days after which a point's details may be out of date (DIRECTORY_STALE_DAYS). */
  staleDays?: number;
  /** Where a line of output goes (the console in the CLI). */
  print: (line: string) => void;
}

/**
 * Runs one command line (`args` without the program), printing what it did. Prints no HKID,
 * token or phone number; a clinic key is printed once, when it is issued.
 */
export async function runOutpatientCommand(
  args: readonly string[],
  { db, clock, print, staleDays = DEFAULT_STALE_DAYS }: CommandDeps,
): Promise<void> {
  const { positionals, values } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      'member-code': { type: 'string' },
      date: { type: 'string' },
      en: { type: 'string' },
      zh: { type: 'string' },
      tags: { type: 'string' },
      type: { type: 'string', default: 'info' },
      'not-dismissable': { type: 'boolean', default: false },
      id: { type: 'string' },
      'venue-id': { type: 'string' },
      label: { type: 'string' },
      'service-point-id': { type: 'string' },
      status: { type: 'string' },
      days: { type: 'string' },
    },
  });
  const command = positionals[0];
  if (command === 'record-body-check') {
    const code = values['member-code'] ?? usage('--member-code is required');
    const date = values.date ?? usage('--date is required (YYYY-MM-DD, Hong Kong)');
    if (!isCalendarDate(date)) usage('--date must be a calendar date written YYYY-MM-DD');
    await recordBodyCheck({ db }, code, date);
    print(`Recorded a body check on ${date} for member ${code}.`);
  } else if (command === 'revoke-tokens') {
    const code = values['member-code'] ?? usage('--member-code is required');
    const count = await revokeMemberTokens({ db, clock }, code);
    print(`Revoked ${count} token(s) of member ${code}.`);
  } else if (command === 'create-announcement') {
    const created = await createAnnouncement(db, {
      contentEn: values.en ?? usage('--en is required'),
      contentZh: values.zh ?? usage('--zh is required'),
      tags: (values.tags ?? usage('--tags is required (customer,guest)')).split(','),
      messageType: values.type,
      isDismissable: !values['not-dismissable'],
    });
    print(`Created announcement ${created.id}.`);
  } else if (command === 'deactivate-announcement') {
    const id = idOption(values.id, 'id');
    await deactivateAnnouncement(db, id);
    print(`Deactivated announcement ${id}.`);
  } else if (command === 'issue-clinic-key') {
    const venueId = idOption(values['venue-id'], 'venue-id');
    const issued = await issueClinicKey(
      { db },
      venueId,
      values.label ?? usage('--label is required'),
    );
    print(`Issued clinic key ${issued.id} (${issued.keyPrefix}…) for venue ${venueId}.`);
    print('Give the clinic this key now; it is not stored and cannot be shown again:');
    print(issued.key);
  } else if (command === 'revoke-clinic-key') {
    const id = idOption(values.id, 'id');
    await revokeClinicKey({ db, clock }, id);
    print(`Revoked clinic key ${id}.`);
  } else if (command === 'list-clinic-keys') {
    for (const key of await listClinicKeys({ db })) {
      const state = key.revokedAt === null ? 'live' : `revoked ${key.revokedAt.toISOString()}`;
      print(`${key.id}\t${key.keyPrefix}…\tvenue ${key.venueId}\t${key.label}\t${state}`);
    }
  } else if (command === 'confirm-service-point') {
    // Issue 19: the operator checked the details; the card says so from now.
    const where =
      values['venue-id'] !== undefined
        ? { venueId: idOption(values['venue-id'], 'venue-id') }
        : {
            ids: idList(
              values.id ?? usage('--id (comma-separated) or --venue-id is required'),
              'id',
            ),
          };
    const ids = await confirmServicePoints(db, where, clock.now());
    await rebuildFinderIndex(db);
    print(`Confirmed ${ids.length} service point(s) as verified now: ${ids.join(', ')}.`);
  } else if (command === 'stale-report') {
    const days = values.days === undefined ? staleDays : idOption(values.days, 'days');
    const rows = await staleServicePoints(db, clock.now(), days);
    let venue: number | undefined;
    for (const row of rows) {
      if (row.venue_id !== venue) {
        venue = row.venue_id;
        const count = rows.filter((other) => other.venue_id === venue).length;
        print(
          `Venue ${row.venue_id} ${row.venue_name_en} / ${row.venue_name_zh} (district ${row.district_code}): ${count} stale`,
        );
      }
      const verified =
        row.last_verified_at === null
          ? 'never verified'
          : `last verified ${row.last_verified_at.toISOString().slice(0, 10)}`;
      print(`  service point ${row.service_point_id}\t${row.doctor_name_en}\t${verified}`);
    }
    print(`${rows.length} service point(s) not verified for more than ${days} days.`);
  } else if (command === 'list-reports') {
    const status = values.status ?? 'open';
    if (!['open', 'resolved', 'rejected', 'all'].includes(status)) {
      usage('--status must be open, resolved, rejected or all');
    }
    const reports = await listReports(db, status === 'all' ? undefined : status);
    for (const report of reports) {
      print(
        `${report.id}\tservice point ${report.servicePointId}\t${report.kind}\t${report.status}\t${report.createdAt.toISOString()}\t${report.note === null ? '' : JSON.stringify(report.note)}`,
      );
    }
    print(`${reports.length} report(s).`);
  } else if (command === 'resolve-report' || command === 'reject-report') {
    const where =
      values['service-point-id'] !== undefined
        ? { servicePointId: idOption(values['service-point-id'], 'service-point-id') }
        : { id: idOption(values.id ?? usage('--id or --service-point-id is required'), 'id') };
    const status = command === 'resolve-report' ? 'resolved' : 'rejected';
    const ids = await closeReports(db, where, status, clock.now());
    print(`Marked report(s) ${ids.join(', ')} ${status}.`);
  } else {
    usage(`Usage: npm run outpatient -- <${OUTPATIENT_COMMANDS.join('|')}> [options]`);
  }
}
