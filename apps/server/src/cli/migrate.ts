// `npm run db:migrate`: applies the committed migrations to DATABASE_URL or the embedded database.
import { ConfigError, loadConfig } from '../config';
import { runMigrations } from '../db/migrate';
import { startDatabase } from '../db/start-database';

try {
  const config = loadConfig();
  const database = await startDatabase(config);
  try {
    await runMigrations(database.db);
    console.log('Migrations applied.');
  } finally {
    await database.shutdown();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
