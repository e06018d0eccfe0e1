// Operator commands of the member card, until a clinic side and an admin screen exist:
//   npm run outpatient -- record-body-check --member-code M1000001 --date 2026-11-20
//   npm run outpatient -- revoke-tokens --member-code M1000001
//   npm run outpatient -- create-announcement --en "…" --zh "…" --tags customer,guest [--type info] [--not-dismissable]
//   npm run outpatient -- deactivate-announcement --id 4
//   npm run outpatient -- issue-clinic-key --venue-id 12 --label "Central counter 1"
//   npm run outpatient -- revoke-clinic-key --id 3
//   npm run outpatient -- list-clinic-keys
//   npm run outpatient -- add-clinic-user --email E --phone P --venue 12 [--venue 13] [--password …]
//   npm run outpatient -- list-clinic-users
//   npm run outpatient -- remove-clinic-user --email E [--venue 12]
//   npm run outpatient -- visits list [--member-code C] [--venue N] [--from D] [--to D] [--limit N]
//   npm run outpatient -- visits correct --id N --note "…" [--status void|closed|closed_unpaid] [--amount 120]
//   npm run outpatient -- visits close-stale
//   npm run outpatient -- confirm-service-point --id 12,13 | --venue-id 4
//   npm run outpatient -- stale-report [--days 180]
//   npm run outpatient -- list-reports [--status open|resolved|rejected|all]
//   npm run outpatient -- resolve-report --id 7 | --service-point-id 12
//   npm run outpatient -- reject-report --id 7 | --service-point-id 12
//   npm run outpatient -- prune   (idle device sessions, ended tickets; decision 252)
// Prints no HKID, token or phone number; a clinic key is printed once, when it is issued.
// The commands themselves are in outpatient-commands.ts (tested against a test database).
import { isAppError } from '@clinicpass/shared/errors/app-error';
import { systemClock } from '@clinicpass/shared/time/clock';
import { ConfigError, loadConfig } from '../config';
import { EmbeddedStartError } from '../db/embedded';
import { runDataSteps } from '../data-steps';
import { runMigrations } from '../db/migrate';
import { startDatabase } from '../db/start-database';
import { OUTPATIENT_COMMANDS, runOutpatientCommand, UsageError } from './outpatient-commands';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2);
if (!OUTPATIENT_COMMANDS.some((command) => command === args[0])) {
  fail(`Usage: npm run outpatient -- <${OUTPATIENT_COMMANDS.join('|')}> [options]`);
}

try {
  const config = loadConfig();
  const database = await startDatabase(config);
  try {
    await runMigrations(database);
    await runDataSteps(database.db, config.secretKey);
    await runOutpatientCommand(args, {
      db: database.db,
      clock: systemClock,
      staleDays: config.directory.staleDays,
      print: (line) => {
        console.log(line);
      },
    });
  } finally {
    await database.shutdown();
  }
} catch (error) {
  if (
    error instanceof UsageError ||
    error instanceof ConfigError ||
    error instanceof EmbeddedStartError ||
    isAppError(error)
  ) {
    fail(error.message);
  }
  console.error(error);
  process.exit(1);
}
