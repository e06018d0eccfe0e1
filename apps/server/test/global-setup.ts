// One PostgreSQL server per test run (embedded, or DATABASE_URL's server in CI), with two
// template databases: migrated, and migrated + seeded. Each test file copies one of them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import './keep-exit-code';
import { connectDatabase } from '../src/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';
import { seedDatabase } from '../src/db/seed/seed';
import { setPasswordHashCost } from '../src/lib/passwords';
import { TEST_SECRET_KEY, templateNames } from './constants';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    /** This project's template databases (`templateNames`). */
    templates: { migrated: string; seeded: string };
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function admin(url: string, statements: string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let adminUrl: string;
  const external = process.env.DATABASE_URL;
  if (external) {
    adminUrl = external;
  } else {
    dataDir = await mkdtemp(path.join(tmpdir(), 'clinicpass-test-'));
    embedded = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    adminUrl = embedded.adminUrl;
  }
  const { migrated: TEMPLATE_MIGRATED, seeded: TEMPLATE_SEEDED } = templateNames(project.name);
  // A run killed half-way may leave templates behind on an external server: start clean.
  await admin(adminUrl, [
    `DROP DATABASE IF EXISTS ${TEMPLATE_MIGRATED} WITH (FORCE)`,
    `DROP DATABASE IF EXISTS ${TEMPLATE_SEEDED} WITH (FORCE)`,
    `CREATE DATABASE ${TEMPLATE_MIGRATED} ENCODING 'UTF8' TEMPLATE template0`,
  ]);
  const migrated = connectDatabase(withDatabase(adminUrl, TEMPLATE_MIGRATED), { max: 2 });
  await runMigrations(migrated);
  await migrated.close();
  await admin(adminUrl, [`CREATE DATABASE ${TEMPLATE_SEEDED} TEMPLATE ${TEMPLATE_MIGRATED}`]);
  const seeded = connectDatabase(withDatabase(adminUrl, TEMPLATE_SEEDED), { max: 2 });
  setPasswordHashCost('low');
  await seedDatabase(seeded.db, { secretKey: TEST_SECRET_KEY });
  await seeded.close();

  project.provide('adminUrl', adminUrl);
  project.provide('templates', { migrated: TEMPLATE_MIGRATED, seeded: TEMPLATE_SEEDED });

  return async () => {
    if (external) {
      await admin(adminUrl, [
        `DROP DATABASE IF EXISTS ${TEMPLATE_SEEDED} WITH (FORCE)`,
        `DROP DATABASE IF EXISTS ${TEMPLATE_MIGRATED} WITH (FORCE)`,
      ]);
    }
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
