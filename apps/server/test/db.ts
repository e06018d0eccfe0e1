// A fresh database per test file, copied from a migrated (optionally seeded) template.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../src/db/client';

export interface TestDatabase extends DatabaseHandle {
  url: string;
  name: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: inject('adminUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(
  options: { seeded?: boolean } = {},
): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const templates = inject('templates');
  const template = options.seeded === false ? templates.migrated : templates.seeded;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = new URL(inject('adminUrl'));
  url.pathname = `/${name}`;
  const handle = connectDatabase(url.toString(), { max: 4 });
  return {
    ...handle,
    url: url.toString(),
    name,
    drop: async () => {
      await handle.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
