// `npm run network:import -- FILE [--dry-run] [--full] [--strict] [--mapping M.json] [--source
// NAME]`, `npm run network:import -- quarantine list|export` (--help for all):
// loads the insurer's network from a template CSV / XLSX or a government GeoJSON list with a
// mapping (issue 19; the template and the mapping are in docs/network-import/ and the README).
// After a write the finder's read model is rebuilt; running API processes pick it up within
// about a second (decision 110). The work is in network-import-command.ts.
import { systemClock } from '@clinicpass/shared/time/clock';
import { ConfigError, loadConfig } from '../config';
import { EmbeddedStartError } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { startDatabase } from '../db/start-database';
import { rebuildFinderIndex } from '../modules/finder/finder.index';
import { NETWORK_IMPORT_USAGE, runNetworkImportCommand } from './network-import-command';

const args = process.argv.slice(2);
// --help, or no file named: say how to call it before starting a database.
if (args.includes('--help') || args.includes('-h')) {
  console.log(NETWORK_IMPORT_USAGE);
  process.exit(0);
}
if (!args.some((arg) => !arg.startsWith('-'))) {
  console.error(NETWORK_IMPORT_USAGE);
  process.exit(2);
}

try {
  const config = loadConfig();
  const database = await startDatabase(config);
  let code = 1;
  try {
    await runMigrations(database);
    code = await runNetworkImportCommand(args, {
      db: database.db,
      now: systemClock.now(),
      print: (line) => {
        console.log(line);
      },
      ...(process.stdout.isTTY
        ? {
            progress: (text: string) => {
              process.stdout.write(text);
            },
          }
        : {}),
      rebuildReadModel: rebuildFinderIndex,
      maxBytes: config.networkImport.maxBytes,
    });
  } finally {
    await database.shutdown();
  }
  process.exitCode = code;
} catch (error) {
  if (error instanceof ConfigError || error instanceof EmbeddedStartError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
