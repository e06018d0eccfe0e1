// Process entry: config, database (embedded unless DATABASE_URL), migrations, seed on an empty
// database, listen; SIGTERM / SIGINT drain requests, then stop the database.
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
    { runMigrations },
    { seedIfEmpty },
    { startDatabase },
  ] = await Promise.all([
    import('pino'),
    import('./app'),
    import('./data-steps'),
    import('./db/migrate'),
    import('./db/seed/seed'),
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
  await runMigrations(database.db);
  const steps = await runDataSteps(database.db, config.secretKey);
  if (steps.ticketNumbers > 0) log.info(steps, 'ticket numbers moved to keyed hashes');
  if (config.seedOnEmpty) {
    const seeded = await seedIfEmpty(database.db, {
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
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app
      .close()
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
