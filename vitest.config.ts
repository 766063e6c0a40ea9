import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Files that measure time against a deadline of their own (the database outage's one-second answers) or count the
 * upstream's 504s under a tight timeout (the BFF's views): run last, alone, so another file's servers cannot slow
 * them into a false failure (decision 140).
 */
const ALONE = ['test/api/database-outage.test.ts', 'test/bff/views.test.ts'];

/** The integration suites: real HTTPS servers on real databases, from one migrated template (test/global-setup.ts). */
const SERVER = {
  environment: 'node' as const,
  globalSetup: ['test/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    // vitest's default is one worker fewer than the cores: one on the 2-core CI machine, where most of a file's time
    // is waiting on its servers' sockets and the database, so two files at a time use the machine the one left idle
    // (decision 140)
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: { ...SERVER, name: 'server', include: ['test/**/*.test.ts'], exclude: ALONE },
      },
      {
        // fileParallelism false: vitest runs this project's files after the parallel ones, one at a time
        test: { ...SERVER, name: 'server-alone', include: ALONE, fileParallelism: false },
      },
      {
        extends: './vite.config.ts',
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
