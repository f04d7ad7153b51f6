import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Room for the slower steps of process, browser and backend tests on a busy 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 90_000,
    pool: 'forks',
  },
});
