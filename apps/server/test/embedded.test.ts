import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded';
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
