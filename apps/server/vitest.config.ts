import { defineProject, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Test files that replace a module (`vi.mock`), or set process-wide state another file's app
 * would inherit (tracing.test.ts: the global tracer provider; an earlier file's Sentry would
 * instrument its app first): they need a module graph of their own.
 */
export const MOCKING_FILES = [
  'test/compression.test.ts',
  'test/graphql-http-cache.test.ts',
  'test/hardening.test.ts',
  'test/tracing.test.ts',
];

export const serverTest: NonNullable<TestProjectInlineConfiguration['test']> = {
  environment: 'node',
  include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  globalSetup: ['./test/global-setup.ts'],
  setupFiles: ['./test/setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 120_000,
};

// The server suite shares each worker's modules between its files (decision 221): each file
// builds its own app on its own database, and importing the server's module graph once per file
// was a third of the suite's time. Files that mock a module run apart, isolated
// (vitest.isolated.config.ts, the `server-isolated` project).
export default defineProject({
  test: { ...serverTest, name: 'server', isolate: false, exclude: MOCKING_FILES },
});
