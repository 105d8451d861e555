import { defineConfig } from 'drizzle-kit';

// One schema and one migrations folder serve both PGlite and PostgreSQL; drizzle-kit only
// needs the dialect to generate, so no connection is configured here.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations',
  casing: undefined,
});
