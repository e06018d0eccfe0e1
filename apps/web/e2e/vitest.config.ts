import { defineProject } from 'vitest/config';

// Browser journeys: Playwright (playwright-core) driving Debian's Chromium against the built app
// served by the real server on a freshly seeded database. Two workers, as the machine has 2 cores.
export default defineProject({
  test: {
    name: 'browser',
    environment: 'node',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // Journeys walk several screens in one session (a page load is seconds on a busy 2-core
    // machine): minutes, not vitest's seconds.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    maxWorkers: 2,
    retry: 0,
    // A page's first render can take seconds on a loaded 2-core machine; a poll gives up after
    // 15 s rather than vitest's 1 s (a test that needs less time still passes as soon as it can).
    expect: { poll: { timeout: 15_000 } },
  },
});
