// `npm run db:migrate`: applies the committed migrations to DATABASE_URL or the embedded database.
import { ConfigError, loadConfig } from '../config';
import { EmbeddedStartError } from '../db/embedded';
import { runDataSteps } from '../data-steps';
import { runMigrations } from '../db/migrate';
import { startDatabase } from '../db/start-database';

try {
  const config = loadConfig();
  const database = await startDatabase(config);
  try {
    await runMigrations(database.db);
    const steps = await runDataSteps(database.db, config.secretKey);
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
