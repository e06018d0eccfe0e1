// Process entry: config, database (embedded unless DATABASE_URL), the schema (production: checked,
// never changed, `npm run db:migrate` is a step of its own; elsewhere migrated), seed on an empty
// database, listen; SIGTERM / SIGINT drain (decision 261), then stop the database. Migrating and
// seeding take the schema lock, so any number of processes may start at once (decision 260).
// Only the config is imported up front: a bad environment is reported before the application's
// few hundred modules load (seconds on a busy machine).
import type { LoggerOptions } from 'pino';
import { ConfigError, loadConfig, requireExplicitEnvironment } from './config';
import { EmbeddedStartError } from './db/embedded';

async function main() {
  let config;
  try {
    requireExplicitEnvironment();
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const [
    { pino },
    { buildApp, loggerOptions },
    { runDataSteps },
    { pendingMigrations, runMigrations, unmigratedMessage, withSchemaLock },
    { seedIfEmpty },
    { drainAndClose },
    { startDatabase },
  ] = await Promise.all([
    import('pino'),
    import('./app'),
    import('./data-steps'),
    import('./db/migrate'),
    import('./db/seed/seed'),
    import('./lifecycle'),
    import('./db/start-database'),
  ]);
  const log = pino(loggerOptions(config) as LoggerOptions);
  const database = await startDatabase(
    config,
    (message) => {
      log.debug({ postgres: message.trim() }, 'postgres');
    },
    (message) => {
      log.warn(message);
    },
  );
  log.info({ embedded: database.embedded }, 'database started');
  if (config.nodeEnv === 'production') {
    // The migrate step runs before a deployment rolls (docs/deploy.md); a server never changes
    // the schema of a production database, and refuses to run on one older than its code.
    const pending = await pendingMigrations(database.db);
    if (pending > 0) {
      process.stderr.write(`${unmigratedMessage(pending)}\n`);
      await database.shutdown();
      process.exit(1);
    }
  } else {
    await runMigrations(database);
    const steps = await withSchemaLock(database, () => runDataSteps(database.db, config.secretKey));
    if (steps.ticketNumbers > 0) log.info(steps, 'ticket numbers moved to keyed hashes');
  }
  if (config.seedOnEmpty) {
    const seeded = await seedIfEmpty(database, {
      secretKey: config.secretKey,
      log: (m) => {
        log.info(m);
      },
    });
    if (seeded) log.info('seeded an empty database');
  }

  const app = await buildApp({ config, db: database.db, loggerInstance: log });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down');
    // Requests still running 10 s after the drain time do not hold the process.
    const force = setTimeout(() => process.exit(1), config.shutdownDrainMs + 10_000);
    force.unref();
    drainAndClose(app, config.shutdownDrainMs, (message) => {
      log.info(message);
    })
      .then(() => database.shutdown())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => {
    shutdown('SIGTERM');
  });
  process.on('SIGINT', () => {
    shutdown('SIGINT');
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    log.error({ err: error }, 'could not listen');
    await database.shutdown();
    process.exit(1);
  }
  log.info(`ClinicPass is ready at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  // A start that cannot work here says why in one sentence, without a stack trace.
  if (error instanceof EmbeddedStartError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
