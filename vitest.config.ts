import { defineConfig } from 'vitest/config';

// One runner, four projects: `npm test` runs them in order (unit, server, browser).
export default defineConfig({
  test: {
    projects: [
      'packages/shared/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.isolated.config.ts',
      'apps/web/e2e/vitest.config.ts',
    ],
  },
});
