// `npm run db:migrate` (or `node apps/server/dist/cli/migrate.js`, no tsx or source needed):
// applies the committed migrations and the data steps to DATABASE_URL or the embedded database,
// under the schema lock (decision 260). The step a deployment runs before rolling the API.
import { ConfigError, loadConfig } from '../config';
import { EmbeddedStartError } from '../db/embedded';
import { runDataSteps } from '../data-steps';
import { runMigrations, withSchemaLock } from '../db/migrate';
import { startDatabase } from '../db/start-database';
import { parseCommandLine } from './usage';

parseCommandLine(
  { options: {} },
  `Usage: npm run db:migrate -w apps/server
Applies the committed migrations and the data steps to DATABASE_URL (or the embedded database),
under the schema lock; run it once before rolling out the API processes.`,
);

try {
  const config = loadConfig();
  const database = await startDatabase(config);
  try {
    await runMigrations(database);
    const steps = await withSchemaLock(database, () => runDataSteps(database.db, config.secretKey));
    console.log(
      `Migrations applied (${steps.ticketNumbers} ticket number(s) moved to keyed hashes).`,
    );
  } finally {
    await database.shutdown();
  }
} catch (error) {
  console.error(
    error instanceof ConfigError || error instanceof EmbeddedStartError ? error.message : error,
  );
  process.exit(1);
}
