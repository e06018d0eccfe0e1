// `npm run db:seed [-- --service-points N] [-- --force]`: seeds the reference data, the network
// and the demo data. On a seeded database, `--service-points N` replaces only the network (for
// benchmarks). Otherwise refuses to seed a database that has data unless --force is given (which
// empties it first). A large N (e.g. 100000) makes a network for benchmarks.
import { ConfigError, loadConfig } from '../config';
import { EmbeddedStartError } from '../db/embedded';
import { runMigrations, withSchemaLock } from '../db/migrate';
import { isDatabaseEmpty, replaceNetwork, resetDatabase, seedDatabase } from '../db/seed/seed';
import { startDatabase } from '../db/start-database';
import type { Database } from '../db/client';
import { parseCommandLine } from './usage';

const { values } = parseCommandLine(
  {
    options: {
      'service-points': { type: 'string' },
      force: { type: 'boolean', default: false },
    },
  },
  `Usage: npm run db:seed -w apps/server [-- --service-points N] [-- --force]
Seeds the reference data, the network and the demo data into an empty database.
  --service-points N   a network of N service points (at least 100); on a seeded database,
                       replaces only the network (for benchmarks)
  --force              empty a database that has data first, then seed it`,
);
const servicePoints =
  values['service-points'] === undefined ? undefined : Number(values['service-points']);
if (servicePoints !== undefined && (!Number.isInteger(servicePoints) || servicePoints < 100)) {
  console.error('--service-points must be a whole number of at least 100');
  process.exit(1);
}

try {
  const config = loadConfig();
  const database = await startDatabase(config);
  try {
    await runMigrations(database);
    // Under the schema lock (decision 260): a server seeding the same empty database at once
    // waits, then finds it seeded.
    await withSchemaLock(database, () => seedUnderLock(database.db, config.secretKey));
  } finally {
    await database.shutdown();
  }
} catch (error) {
  console.error(
    error instanceof ConfigError || error instanceof EmbeddedStartError ? error.message : error,
  );
  process.exit(1);
}

async function seedUnderLock(db: Database, secretKey: string): Promise<void> {
  const empty = await isDatabaseEmpty(db);
  if (!empty && servicePoints !== undefined && !values.force) {
    // A seeded database asked for another network size: swap the network, keep the rest.
    const started = Date.now();
    const count = await replaceNetwork(db, servicePoints);
    console.log(
      `Replaced the network with ${count} service points in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } else if (!empty) {
    if (!values.force) {
      console.error('The database already has data. Run with --force to empty it and seed again.');
      process.exitCode = 1;
    } else {
      await resetDatabase(db);
    }
  }
  if ((empty || values.force) && process.exitCode !== 1) {
    const started = Date.now();
    const counts = await seedDatabase(db, {
      secretKey,
      servicePoints,
    });
    console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s:`, counts);
  }
}
