import { defineConfig } from 'vitest/config';
// The aliases of vite.config.ts, without its React Router plugin (tests import modules directly).
import { alias } from './vite.config.ts';

export default defineConfig({
  resolve: { alias },
  test: {
    environment: 'node',
    include: ['server/**/*.test.ts', 'core/**/*.test.ts', 'db/**/*.test.ts', 'app/**/*.test.ts'],
    exclude: ['node_modules/**', 'tests/e2e/**', 'build/**', 'data/**'],
    globalSetup: ['tests/setup/global-database.ts'],
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    // Each API test file loads its own PGlite (~0.5 s, ~350 MB): two workers for two cores.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 15_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
