// The seed's content is fixed: on a fixed day and secret, every table of a freshly seeded
// database holds exactly the rows it held when seed-content.expected.json was written (a hash per
// table of its sorted, normalised rows; see seed-content.ts). A change to the demo scenario or the
// reference data shows here as the tables it touched; rewrite the file only for a wanted change:
// `UPDATE_SEED_CONTENT=1 npx vitest run apps/server/test/seed-content.test.ts` rewrites it (and
// the test then fails once, so a rewrite never passes unnoticed); review its diff before committing.
import { writeFileSync } from 'node:fs';
import { fixedClock } from '@clinicpass/shared/time/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../src/db/seed/seed';
import { TEST_SECRET_KEY } from './constants';
import { createTestDatabase, type TestDatabase } from './db';
import expected from './seed-content.expected.json';
import { hashSeedContent, readSeedContent, type SeedContent } from './seed-content';

/** The day the hashes were taken on (Hong Kong 11:00): every seeded date is relative to it. */
const SEED_CONTENT_INSTANT = '2026-05-20T03:00:00.000Z';

let database: TestDatabase;
let content: SeedContent;
beforeAll(async () => {
  database = await createTestDatabase({ seeded: false });
  const seededFrom = new Date();
  await seedDatabase(database.db, {
    secretKey: TEST_SECRET_KEY,
    clock: fixedClock(SEED_CONTENT_INSTANT),
  });
  content = await readSeedContent(database.db, seededFrom);
});
afterAll(async () => {
  await database.drop();
});

describe('seed content', () => {
  it('seeds the same rows in every table, and moves every sequence to the same place', () => {
    if (process.env.UPDATE_SEED_CONTENT === '1') {
      const file = new URL('./seed-content.expected.json', import.meta.url);
      writeFileSync(file, `${JSON.stringify(hashSeedContent(content), null, 2)}\n`);
      throw new Error(
        'seed-content.expected.json rewritten (UPDATE_SEED_CONTENT=1): review its diff',
      );
    }
    expect(hashSeedContent(content)).toEqual(expected);
  });

  it('leaves nothing that differs from run to run unlabelled', () => {
    const rows = Object.values(content).flat();
    expect(rows.filter((row) => /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/.test(row))).toEqual([]);
    expect(rows.filter((row) => row.includes('$argon2'))).toEqual([]);
  });
});
