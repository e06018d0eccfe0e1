// Operator commands of the member card, until a clinic side and an admin screen exist:
//   npm run outpatient -- record-body-check --member-code M1000001 --date 2026-11-20
//   npm run outpatient -- revoke-tokens --member-code M1000001
//   npm run outpatient -- create-announcement --en "…" --zh "…" --tags customer,guest [--type info] [--not-dismissable]
//   npm run outpatient -- deactivate-announcement --id 4
// Prints no HKID, token or phone number.
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
];
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
    } else {
      const id = Number(values.id);
      if (!Number.isInteger(id) || id < 1) fail('--id must be an announcement id');
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
