// Migrations and seeding under the schema lock (decision 260): processes starting together on an
// empty database (a rolling deploy, replicas started at once) no longer crash each other: before
// the lock, both migrated (one died on `CREATE EXTENSION pg_trgm`), then both seeded (one died on
// a duplicate key). Each "process" here is a pool of its own, as a process has.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../src/db/client';
import { pendingMigrations, runMigrations } from '../src/db/migrate';
import { seedIfEmpty } from '../src/db/seed/seed';
import { serverFile } from '../src/server-root';
import { TEST_SECRET_KEY } from './constants';

const name = `lock_${randomBytes(6).toString('hex')}`;
const url = new URL(inject('adminUrl'));
url.pathname = `/${name}`;
const handles: DatabaseHandle[] = [];

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: inject('adminUrl') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function process(): DatabaseHandle {
  const handle = connectDatabase(url.toString(), { max: 3 });
  handles.push(handle);
  return handle;
}

beforeAll(async () => {
  await admin(`CREATE DATABASE ${name} ENCODING 'UTF8' TEMPLATE template0`);
});
afterAll(async () => {
  await Promise.all(handles.map((handle) => handle.close()));
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe('the schema lock', () => {
  it('refuses a production start on an unmigrated database with one sentence', async () => {
    const server = spawn(
      path.join(serverFile(), '../../node_modules/.bin/tsx'),
      [serverFile('src/server.ts')],
      {
        env: {
          PATH: globalThis.process.env.PATH,
          NODE_ENV: 'production',
          DATABASE_URL: url.toString(),
          SECRET_KEY: TEST_SECRET_KEY,
          PUBLIC_URL: 'https://clinicpass.example',
          PORT: '0',
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => server.on('exit', resolve));
    expect(code).toBe(1);
    const migrations = readMigrationFiles({ migrationsFolder: serverFile('drizzle') }).length;
    expect(stderr.trim()).toBe(
      `Refusing to start: the database lacks ${String(migrations)} migration(s) of this version; run \`npm run db:migrate\` (in the image: \`node apps/server/dist/cli/migrate.js\`) before starting the API.`,
    );
  }, 60_000);

  it('lets two processes migrate an empty database at once: one migrates, the other finds it done', async () => {
    const [a, b] = [process(), process()];
    expect(await pendingMigrations(a.db)).toBeGreaterThan(0);
    const results = await Promise.allSettled([runMigrations(a), runMigrations(b)]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(await pendingMigrations(b.db)).toBe(0);
  });

  it('lets two processes seed an empty database at once: one seeds, the other sees it seeded', async () => {
    const [a, b] = [process(), process()];
    const results = await Promise.allSettled([
      seedIfEmpty(a, { secretKey: TEST_SECRET_KEY }),
      seedIfEmpty(b, { secretKey: TEST_SECRET_KEY }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    const seeded = results.map((result) => result.status === 'fulfilled' && result.value);
    expect(seeded.sort()).toEqual([false, true]);
    const districts = await a.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM district');
    expect(districts.rows[0]?.n).toBeGreaterThan(0);
  }, 120_000);
});
