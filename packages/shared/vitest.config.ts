import { defineProject } from 'vitest/config';

// Pure TypeScript with no DOM: the node environment keeps the suite fast.
export default defineProject({
  test: {
    name: 'shared',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
