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
import { recordBodyCheck, revokeMemberTokens } from '../modules/outpatient/outpatient.service';

export const OUTPATIENT_COMMANDS = [
  'record-body-check',
  'revoke-tokens',
  'create-announcement',
  'deactivate-announcement',
  'issue-clinic-key',
  'revoke-clinic-key',
  'list-clinic-keys',
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

export interface CommandDeps {
  db: Database;
  clock: Clock;
  /** Where a line of output goes (the console in the CLI). */
  print: (line: string) => void;
}

/**
 * Runs one command line (`args` without the program), printing what it did. Prints no HKID,
 * token or phone number; a clinic key is printed once, when it is issued.
 */
export async function runOutpatientCommand(
  args: readonly string[],
  { db, clock, print }: CommandDeps,
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
  } else {
    usage(`Usage: npm run outpatient -- <${OUTPATIENT_COMMANDS.join('|')}> [options]`);
  }
}
