// The member card's operator commands (run by `npm run outpatient -- …`, see outpatient.ts),
// apart from the process around them so a test can run them against a test database.
import { hkToday, isCalendarDate, type Clock } from '@clinicpass/shared/time/clock';
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
  addClinicUser,
  listClinicUsers,
  removeClinicUser,
} from '../modules/clinic/clinic-user.service';
import {
  closeReports,
  confirmServicePoints,
  listReports,
  staleServicePoints,
} from '../modules/directory/directory.service';
import { DEFAULT_STALE_DAYS } from '../modules/finder/finder.hours';
import { rebuildFinderIndex } from '../modules/finder/finder.index';
import {
  ENDED_TICKET_DAYS,
  pruneEndedTickets,
  recordBodyCheck,
  revokeMemberTokens,
} from '../modules/outpatient/outpatient.service';
import { DEVICE_SESSION_IDLE_DAYS, pruneDeviceSessions } from '../modules/session/session.service';
import * as visitService from '../modules/outpatient/visit.service';
import { type AuditActor, operatorActor, recordAudit } from '../modules/staff';

export const OUTPATIENT_COMMANDS = [
  'record-body-check',
  'revoke-tokens',
  'create-announcement',
  'deactivate-announcement',
  'issue-clinic-key',
  'revoke-clinic-key',
  'list-clinic-keys',
  'add-clinic-user',
  'list-clinic-users',
  'remove-clinic-user',
  'visits',
  'confirm-service-point',
  'stale-report',
  'list-reports',
  'resolve-report',
  'reject-report',
  'prune',
] as const;

/** The commands that change data: each needs `--as <staff email>` and is audited (decision 297). */
export const CHANGING_COMMANDS: ReadonlySet<string> = new Set([
  'record-body-check',
  'revoke-tokens',
  'create-announcement',
  'deactivate-announcement',
  'issue-clinic-key',
  'revoke-clinic-key',
  'add-clinic-user',
  'remove-clinic-user',
  'confirm-service-point',
  'resolve-report',
  'reject-report',
  'prune',
]);
/** `visits` sub-commands that change data. */
const CHANGING_VISIT_ACTIONS: ReadonlySet<string> = new Set(['correct', 'close-stale']);

/** `visits` sub-commands: list, correct one, close the ones left open by an earlier day. */
const VISIT_ACTIONS = ['list', 'correct', 'close-stale'] as const;

/** A command line the commands cannot run: missing or bad options, unknown command. */
/** Every command with its options (`npm run outpatient -- --help`). */
export const OUTPATIENT_USAGE = `Usage:
  npm run outpatient -- record-body-check --member-code M1000001 --date 2026-11-20
  npm run outpatient -- revoke-tokens --member-code M1000001
  npm run outpatient -- create-announcement --en "…" --zh "…" --tags customer,guest [--type info] [--not-dismissable]
  npm run outpatient -- deactivate-announcement --id 4
  npm run outpatient -- issue-clinic-key --venue-id 12 --label "Central counter 1"
  npm run outpatient -- revoke-clinic-key --id 3
  npm run outpatient -- list-clinic-keys
  npm run outpatient -- add-clinic-user --email E --phone P --venue 12 [--venue 13] [--password …]
  npm run outpatient -- list-clinic-users
  npm run outpatient -- remove-clinic-user --email E [--venue 12]
  npm run outpatient -- visits list [--member-code C] [--venue N] [--from D] [--to D] [--limit N]
  npm run outpatient -- visits correct --id N --note "…" [--status void|closed|closed_unpaid] [--amount 120]
  npm run outpatient -- visits close-stale
  npm run outpatient -- confirm-service-point --id 12,13 | --venue-id 4
  npm run outpatient -- stale-report [--days 180]
  npm run outpatient -- list-reports [--status open|resolved|rejected|all]
  npm run outpatient -- resolve-report --id 7 | --service-point-id 12
  npm run outpatient -- reject-report --id 7 | --service-point-id 12
  npm run outpatient -- prune   (idle device sessions, ended tickets; decision 252)
A command that changes data takes --as <your staff email>: the audit log records it under you.
Prints no HKID, token or phone number; a clinic key is printed once, when it is issued.`;

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
      email: { type: 'string' },
      phone: { type: 'string' },
      password: { type: 'string' },
      venue: { type: 'string', multiple: true },
      from: { type: 'string' },
      to: { type: 'string' },
      limit: { type: 'string' },
      status: { type: 'string' },
      amount: { type: 'string' },
      note: { type: 'string' },
      'service-point-id': { type: 'string' },
      days: { type: 'string' },
      as: { type: 'string' },
    },
  });
  const command = positionals[0];
  const changes =
    CHANGING_COMMANDS.has(command ?? '') ||
    (command === 'visits' && CHANGING_VISIT_ACTIONS.has(positionals[1] ?? ''));
  let actor: AuditActor | null = null;
  if (changes) {
    const as = values.as?.trim() ?? '';
    if (as === '') usage('--as is required: your staff email, for the audit log');
    actor = await operatorActor(db, as);
  }
  /** One audit row for the command just run, under the `--as` person. */
  const audit = async (
    action: string,
    target: { kind: string; id: string | number },
    after: Record<string, unknown> | null = null,
    before: Record<string, unknown> | null = null,
  ) => {
    if (actor === null) return;
    await recordAudit(db, actor, {
      action,
      targetKind: target.kind,
      targetId: String(target.id),
      before,
      after,
      at: clock.now(),
    });
  };
  if (command === 'record-body-check') {
    const code = values['member-code'] ?? usage('--member-code is required');
    const date = values.date ?? usage('--date is required (YYYY-MM-DD, Hong Kong)');
    if (!isCalendarDate(date)) usage('--date must be a calendar date written YYYY-MM-DD');
    await recordBodyCheck({ db }, code, date);
    await audit('member.body-check', { kind: 'member', id: code }, { date });
    print(`Recorded a body check on ${date} for member ${code}.`);
  } else if (command === 'revoke-tokens') {
    const code = values['member-code'] ?? usage('--member-code is required');
    const count = await revokeMemberTokens({ db, clock }, code);
    await audit('member.revoke-tickets', { kind: 'member', id: code }, { revoked: count });
    print(`Revoked ${count} token(s) of member ${code}.`);
  } else if (command === 'create-announcement') {
    const created = await createAnnouncement(db, {
      contentEn: values.en ?? usage('--en is required'),
      contentZh: values.zh ?? usage('--zh is required'),
      tags: (values.tags ?? usage('--tags is required (customer,guest)')).split(','),
      messageType: values.type,
      isDismissable: !values['not-dismissable'],
    });
    await audit(
      'announcement.create',
      { kind: 'announcement', id: created.id },
      {
        content_en: created.contentEn,
        content_zh: created.contentZh,
        tags: created.tags,
        message_type: created.messageType,
        is_dismissable: created.isDismissable,
        published: created.isActive,
      },
    );
    print(`Created announcement ${created.id}.`);
  } else if (command === 'deactivate-announcement') {
    const id = idOption(values.id, 'id');
    await deactivateAnnouncement(db, id);
    await audit('announcement.withdraw', { kind: 'announcement', id }, { published: false });
    print(`Deactivated announcement ${id}.`);
  } else if (command === 'issue-clinic-key') {
    const venueId = idOption(values['venue-id'], 'venue-id');
    const issued = await issueClinicKey(
      { db },
      venueId,
      values.label ?? usage('--label is required'),
    );
    await audit(
      'clinic-key.issue',
      { kind: 'clinic-key', id: issued.id },
      { venue_id: issued.venueId, label: issued.label, key_prefix: issued.keyPrefix },
    );
    print(`Issued clinic key ${issued.id} (${issued.keyPrefix}…) for venue ${venueId}.`);
    print('Give the clinic this key now; it is not stored and cannot be shown again:');
    print(issued.key);
  } else if (command === 'revoke-clinic-key') {
    const id = idOption(values.id, 'id');
    await revokeClinicKey({ db, clock }, id);
    await audit('clinic-key.revoke', { kind: 'clinic-key', id });
    print(`Revoked clinic key ${id}.`);
  } else if (command === 'list-clinic-keys') {
    for (const key of await listClinicKeys({ db })) {
      const state = key.revokedAt === null ? 'live' : `revoked ${key.revokedAt.toISOString()}`;
      print(`${key.id}\t${key.keyPrefix}…\tvenue ${key.venueId}\t${key.label}\t${state}`);
    }
  } else if (command === 'add-clinic-user') {
    const venueIds = (values.venue ?? []).map((id) => idOption(id, 'venue'));
    if (venueIds.length === 0) usage('--venue is required (repeat it for several venues)');
    const added = await addClinicUser(db, {
      email: values.email ?? usage('--email is required'),
      ...(values.phone === undefined ? {} : { phone: values.phone }),
      ...(values.password === undefined ? {} : { password: values.password }),
      venueIds,
    });
    await audit(
      'clinic-user.add',
      { kind: 'clinic-user', id: added.userId },
      {
        email: added.email,
        venue_ids: added.venueIds,
        created: added.created,
        ...(values.phone === undefined ? {} : { phone: values.phone }),
      },
    );
    print(
      added.created
        ? `Created clinic user ${added.email} for venue(s) ${added.venueIds.join(', ')}.`
        : `Clinic user ${added.email} now acts for venue(s) ${added.venueIds.join(', ')}.`,
    );
    if (added.generatedPassword !== null) {
      print('Give the staff member this password now; it is not shown again:');
      print(added.generatedPassword);
    }
  } else if (command === 'list-clinic-users') {
    for (const row of await listClinicUsers(db)) {
      print(`${row.email}\tvenue ${row.venueId}\t${row.venueNameEn}`);
    }
  } else if (command === 'remove-clinic-user') {
    const email = values.email ?? usage('--email is required');
    const venueIds = values.venue?.map((id) => idOption(id, 'venue'));
    const removed = await removeClinicUser(db, email, venueIds);
    await audit(
      'clinic-user.remove',
      { kind: 'clinic-user', id: email.trim().toLowerCase() },
      { venue_ids: venueIds ?? 'all', removed },
    );
    print(`Removed ${removed} venue binding(s) of ${email}.`);
  } else if (command === 'visits') {
    await visitsCommand(positionals[1], values, { db, clock, print }, audit);
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
    await audit(
      'service-point.confirm',
      where.venueId === undefined
        ? { kind: 'service-point', id: ids.join(',') }
        : { kind: 'venue', id: where.venueId },
      { verified: ids },
    );
    print(`Confirmed ${ids.length} service point(s) as verified now: ${ids.join(', ')}.`);
  } else if (command === 'prune') {
    // The scheduled job prune_sessions_and_tickets does the same every hour (jobs/schedule.ts).
    const now = clock.now();
    const sessions = await pruneDeviceSessions(db, now);
    const tickets = await pruneEndedTickets(db, now);
    await audit('prune', { kind: 'job', id: 'prune' }, { sessions, tickets });
    print(
      `Deleted ${sessions} device session(s) unseen for ${DEVICE_SESSION_IDLE_DAYS} days and ${tickets} ticket(s) revoked or expired over ${ENDED_TICKET_DAYS} days ago.`,
    );
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
    for (const id of ids) {
      await audit(
        command === 'resolve-report' ? 'report.resolve' : 'report.reject',
        { kind: 'report', id },
        { status },
        { status: 'open' },
      );
    }
    print(`Marked report(s) ${ids.join(', ')} ${status}.`);
  } else {
    usage(`Usage: npm run outpatient -- <${OUTPATIENT_COMMANDS.join('|')}> [options]`);
  }
}

function dateOption(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (!isCalendarDate(value)) usage(`--${name} must be a calendar date written YYYY-MM-DD`);
  return value;
}

/**
 * `visits list [--member-code C] [--venue N] [--from D] [--to D] [--limit N]`,
 * `visits correct --id N --note "…" [--status void|closed|closed_unpaid] [--amount 120]`,
 * `visits close-stale` (closes what earlier Hong Kong days left open, decision 183).
 */
async function visitsCommand(
  action: string | undefined,
  values: {
    'member-code'?: string | undefined;
    venue?: string[] | undefined;
    from?: string | undefined;
    to?: string | undefined;
    limit?: string | undefined;
    id?: string | undefined;
    status?: string | undefined;
    amount?: string | undefined;
    note?: string | undefined;
  },
  { db, clock, print }: CommandDeps,
  audit: (
    action: string,
    target: { kind: string; id: string | number },
    after?: Record<string, unknown> | null,
    before?: Record<string, unknown> | null,
  ) => Promise<void>,
): Promise<void> {
  if (action === 'list') {
    const [venue] = values.venue ?? [];
    const from = dateOption(values.from, 'from');
    const to = dateOption(values.to, 'to');
    const rows = await visitService.listVisitsForOperator(db, {
      ...(values['member-code'] === undefined ? {} : { memberCode: values['member-code'] }),
      ...(venue === undefined ? {} : { venueId: idOption(venue, 'venue') }),
      ...(from === undefined ? {} : { from }),
      ...(to === undefined ? {} : { to }),
      ...(values.limit === undefined ? {} : { limit: idOption(values.limit, 'limit') }),
    });
    for (const v of rows) {
      const charged = v.amount_charged === null ? '-' : `HK$${v.amount_charged}`;
      print(
        `${v.id}\t${v.visit_date}\t${v.kind}\t${v.status}\t${v.membership_number}\tvenue ${v.venue.id} ${v.venue.name_en}\t${charged}`,
      );
    }
    print(`${rows.length} visit(s).`);
  } else if (action === 'correct') {
    const id = idOption(values.id, 'id');
    const note = values.note ?? usage('--note is required (why the visit is corrected)');
    const status = values.status;
    if (status !== undefined && !['void', 'closed', 'closed_unpaid'].includes(status)) {
      usage('--status must be void, closed or closed_unpaid');
    }
    let amount: number | undefined;
    if (values.amount !== undefined) {
      amount = Number(values.amount);
      if (!Number.isFinite(amount) || amount < 0) usage('--amount must be a number of HK$ ≥ 0');
    }
    if (status === undefined && amount === undefined) usage('give --status or --amount');
    const before = await visitService.findVisitForOperator(db, id);
    const visit = await visitService.correctVisit(
      db,
      id,
      {
        ...(status === undefined ? {} : { status: status as 'void' | 'closed' | 'closed_unpaid' }),
        ...(amount === undefined ? {} : { amount }),
        note,
      },
      clock.now(),
    );
    await audit(
      'visit.correct',
      { kind: 'visit', id },
      { status: visit.status, amount_charged: visit.amount_charged, note },
      before === null ? null : { status: before.status, amount_charged: before.amount_charged },
    );
    print(
      `Visit ${visit.id} is now ${visit.status}${visit.amount_charged === null ? '' : `, HK$${visit.amount_charged}`}.`,
    );
  } else if (action === 'close-stale') {
    const closed = await visitService.closeStaleVisits(db, {
      today: hkToday(clock),
      instant: clock.now(),
    });
    await audit('visit.close-stale', { kind: 'job', id: 'close-stale' }, { closed });
    print(`Closed ${closed} visit(s) left open by an earlier day, without payment.`);
  } else {
    usage(`Usage: npm run outpatient -- visits <${VISIT_ACTIONS.join('|')}> [options]`);
  }
}
