import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
// The aliases of vite.config.ts, without its React Router plugin (tests import modules directly).
import { alias } from './vite.config.ts';

/**
 * Files that take several times longer than any other (they generate 100k rows or start
 * processes): started first, so that on a fresh checkout (no timings cached yet) neither worker
 * ends the run alone on one of them. After a run, vitest's own cache orders by measured time.
 */
const LONG_FILES = [
  'server/modules/repos/repos.plans.test.ts',
  'db/backup.test.ts',
  'server/hostile/hostile-requests.test.ts',
  'server/cluster.test.ts',
];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => {
      const index = LONG_FILES.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? LONG_FILES.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

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
    sequence: { sequencer: LongFilesFirst },
    testTimeout: 15_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
