import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Test files run two at a time on a 2-core machine (docs/decisions.md): most of them wait on the
    // processes, servers and sockets they start, and Vitest's own default (a core less than the machine
    // has) ran them one by one there: 11.8 minutes against 8.0.
    maxWorkers: Math.max(2, availableParallelism()),
    minWorkers: 1,
    // Room for the slower steps of process, browser and backend tests on a busy 2-core machine, with two
    // files at once: the slowest test (npm start on a fresh checkout, which builds the project) took 23 s
    // on a fast machine, and machines of this kind are up to 2.6 times slower.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
