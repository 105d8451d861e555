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

/**
 * Files that cannot share a process with others: they mock a module (vi.mock holds for the rest
 * of the process), measure and set V8's heap, or check what a fresh process has not loaded yet.
 */
const OWN_PROCESS_FILES = [
  'app/features/users/profile.server.test.ts',
  'server/heap.test.ts',
  'server/adapters/images.test.ts',
];

const INCLUDE = ['server/**/*.test.ts', 'core/**/*.test.ts', 'db/**/*.test.ts', 'app/**/*.test.ts'];
const EXCLUDE = ['node_modules/**', 'tests/e2e/**', 'build/**', 'data/**'];

export default defineConfig({
  resolve: { alias },
  test: {
    environment: 'node',
    globalSetup: ['tests/setup/global-database.ts'],
    setupFiles: ['tests/setup/node-server-globals.ts', 'tests/setup/fail-on-console-error.ts'],
    // Two workers for two cores. Each runs file after file in one process (isolate: false): the
    // app's modules are imported once a worker, not once a file (1–1.5 s of CPU each), and a
    // file's PGlite, reset to the migrated state when it closes, serves the next file
    // (tests/setup/test-db.ts; decision 010).
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'shared', isolate: false, include: INCLUDE, exclude: [...EXCLUDE, ...OWN_PROCESS_FILES] },
      },
      { extends: true, test: { name: 'own-process', isolate: true, include: OWN_PROCESS_FILES } },
    ],
    sequence: { sequencer: LongFilesFirst },
    testTimeout: 15_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
