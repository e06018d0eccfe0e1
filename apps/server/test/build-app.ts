// buildTestApp(): the real app on a fresh database, for `app.inject` tests.
import { fixedClock, type Clock } from '@clinicpass/shared/time/clock';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { GUEST_LIMITS_OFF, TEST_SECRET_KEY } from './constants';
import { createTestDatabase, type TestDatabase } from './db';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SECRET_KEY: TEST_SECRET_KEY,
    PUBLIC_URL: 'http://localhost:3000',
    TRUST_PROXY: 'true',
    // A captcha a test solves in a few milliseconds.
    CAPTCHA_DIFFICULTY: '2',
    // Test files run on a fixed clock from one address: the guest-write limits (decision 251)
    // are out of the way unless a test sets them (hardening-two.test.ts does).
    ...GUEST_LIMITS_OFF,
    // No scheduled job runs in the middle of a test; tests start one themselves (jobs.test.ts).
    JOBS_CRON: 'off',
    ...overrides,
  });
}

export async function buildTestApp(
  options: { seeded?: boolean; clock?: Clock; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({ seeded: options.seeded });
  const config = testConfig(options.env);
  const app = await buildApp({
    config,
    db: database.db,
    clock: options.clock ?? fixedClock(new Date()),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
