import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The foundation tables, plus one schema file per module (`src/db/<module>-schema.ts`).
  schema: ['./src/db/schema.ts', './src/db/*-schema.ts'],
  out: './drizzle',
});
