import { defineProject } from 'vitest/config';

import { MOCKING_FILES, serverTest } from './vitest.config';

// The server test files that mock a module (`vi.mock`), each in a module graph of its own.
export default defineProject({
  test: { ...serverTest, name: 'server-isolated', include: MOCKING_FILES },
});
