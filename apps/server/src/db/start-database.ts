// One way for the server and the CLI to get a database: DATABASE_URL when set, otherwise the
// embedded server under DATA_DIR with a `clinicpass` database.
import type { Config } from '../config';
import { connectDatabase, type DatabaseHandle } from './client';
import { startEmbeddedPostgres } from './embedded';
import { ensureDatabase } from './migrate';

export const EMBEDDED_DATABASE_NAME = 'clinicpass';

export interface StartedDatabase extends DatabaseHandle {
  url: string;
  embedded: boolean;
  /** Closes the pool and stops the embedded server if there is one. */
  shutdown(): Promise<void>;
}

export async function startDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databasePoolMax'>>,
  log: (message: string) => void = () => undefined,
  notice: (message: string) => void = log,
): Promise<StartedDatabase> {
  if (config.databaseUrl !== undefined) {
    const handle = connectDatabase(config.databaseUrl, { max: config.databasePoolMax });
    return { ...handle, url: config.databaseUrl, embedded: false, shutdown: () => handle.close() };
  }
  const server = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    onLog: log,
    onNotice: notice,
  });
  try {
    await ensureDatabase(server.adminUrl, EMBEDDED_DATABASE_NAME);
  } catch (error) {
    await server.stop();
    throw error;
  }
  const url = server.urlFor(EMBEDDED_DATABASE_NAME);
  const handle = connectDatabase(url, { max: config.databasePoolMax });
  return {
    ...handle,
    url,
    embedded: true,
    shutdown: async () => {
      await handle.close();
      await server.stop();
    },
  };
}
