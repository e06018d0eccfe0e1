// Operator commands of the member card, until a clinic side and an admin screen exist: the list
// is OUTPATIENT_USAGE (`npm run outpatient -- --help`).
// Prints no HKID, token or phone number; a clinic key is printed once, when it is issued.
// The commands themselves are in outpatient-commands.ts (tested against a test database).
import { isAppError } from '@clinicpass/shared/errors/app-error';
import { systemClock } from '@clinicpass/shared/time/clock';
import { ConfigError, loadConfig } from '../config';
import { EmbeddedStartError } from '../db/embedded';
import { runDataSteps } from '../data-steps';
import { runMigrations } from '../db/migrate';
import { startDatabase } from '../db/start-database';
import {
  OUTPATIENT_COMMANDS,
  OUTPATIENT_USAGE,
  runOutpatientCommand,
  UsageError,
} from './outpatient-commands';
import { printHelpIfAsked } from './usage';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2);
printHelpIfAsked(args, OUTPATIENT_USAGE);
if (!OUTPATIENT_COMMANDS.some((command) => command === args[0])) {
  console.error(OUTPATIENT_USAGE);
  process.exit(2);
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
