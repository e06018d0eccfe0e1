// Operator commands of the member card, until a clinic side and an admin screen exist:
//   npm run outpatient -- record-body-check --member-code M1000001 --date 2026-11-20
//   npm run outpatient -- revoke-tokens --member-code M1000001
//   npm run outpatient -- create-announcement --en "…" --zh "…" --tags customer,guest [--type info] [--not-dismissable]
//   npm run outpatient -- deactivate-announcement --id 4
//   npm run outpatient -- issue-clinic-key --venue-id 12 --label "Central counter 1"
//   npm run outpatient -- revoke-clinic-key --id 3
//   npm run outpatient -- list-clinic-keys
// Prints no HKID, token or phone number; a clinic key is printed once, when it is issued.
import { isAppError } from '@clinicpass/shared/errors/app-error';
import { isCalendarDate, systemClock } from '@clinicpass/shared/time/clock';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { runMigrations } from '../db/migrate';
import { startDatabase } from '../db/start-database';
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

const { positionals, values } = parseArgs({
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

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const command = positionals[0];
const COMMANDS = [
  'record-body-check',
  'revoke-tokens',
  'create-announcement',
  'deactivate-announcement',
  'issue-clinic-key',
  'revoke-clinic-key',
  'list-clinic-keys',
];

function idOption(value: string | undefined, name: string): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1) fail(`--${name} must be a whole number above 0`);
  return id;
}
if (command === undefined || !COMMANDS.includes(command)) {
  fail(`Usage: npm run outpatient -- <${COMMANDS.join('|')}> [options]`);
}

try {
  const config = loadConfig();
  const database = await startDatabase(config);
  try {
    await runMigrations(database.db);
    const db = database.db;
    if (command === 'record-body-check') {
      const code = values['member-code'] ?? fail('--member-code is required');
      const date = values.date ?? fail('--date is required (YYYY-MM-DD, Hong Kong)');
      if (!isCalendarDate(date)) fail('--date must be a calendar date written YYYY-MM-DD');
      await recordBodyCheck({ db }, code, date);
      console.log(`Recorded a body check on ${date} for member ${code}.`);
    } else if (command === 'revoke-tokens') {
      const code = values['member-code'] ?? fail('--member-code is required');
      const count = await revokeMemberTokens({ db, clock: systemClock }, code);
      console.log(`Revoked ${count} token(s) of member ${code}.`);
    } else if (command === 'create-announcement') {
      const created = await createAnnouncement(db, {
        contentEn: values.en ?? fail('--en is required'),
        contentZh: values.zh ?? fail('--zh is required'),
        tags: (values.tags ?? fail('--tags is required (customer,guest)')).split(','),
        messageType: values.type,
        isDismissable: !values['not-dismissable'],
      });
      console.log(`Created announcement ${created.id}.`);
    } else if (command === 'issue-clinic-key') {
      const venueId = idOption(values['venue-id'], 'venue-id');
      const issued = await issueClinicKey(
        { db },
        venueId,
        values.label ?? fail('--label is required'),
      );
      console.log(`Issued clinic key ${issued.id} (${issued.keyPrefix}…) for venue ${venueId}.`);
      console.log('Give the clinic this key now; it is not stored and cannot be shown again:');
      console.log(issued.key);
    } else if (command === 'revoke-clinic-key') {
      const id = idOption(values.id, 'id');
      await revokeClinicKey({ db, clock: systemClock }, id);
      console.log(`Revoked clinic key ${id}.`);
    } else if (command === 'list-clinic-keys') {
      for (const key of await listClinicKeys({ db })) {
        const state = key.revokedAt === null ? 'live' : `revoked ${key.revokedAt.toISOString()}`;
        console.log(`${key.id}\t${key.keyPrefix}…\tvenue ${key.venueId}\t${key.label}\t${state}`);
      }
    } else {
      const id = idOption(values.id, 'id');
      await deactivateAnnouncement(db, id);
      console.log(`Deactivated announcement ${id}.`);
    }
  } finally {
    await database.shutdown();
  }
} catch (error) {
  if (error instanceof ConfigError || isAppError(error)) fail(error.message);
  console.error(error);
  process.exit(1);
}
