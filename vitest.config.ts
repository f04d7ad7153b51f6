import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Many files wait on child processes, sockets and browsers rather than the CPU, so even a
    // 2-core machine runs two at once (Vitest's default there is one); the timeouts leave room
    // for the slower steps that sharing the CPU brings.
    testTimeout: 60_000,
    hookTimeout: 90_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: Math.max(2, availableParallelism()), minForks: 1 } },
  },
});
