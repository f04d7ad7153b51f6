import { describe, expect, it } from 'vitest';
import { createScanPool } from '../../src/engine/pool.js';
import { createScanEngine } from '../../src/engine/runtime.js';
import { FILE_SCANNERS } from '../../src/scanners/index.js';

const warmTask = { root: '', paths: [], scannerModules: FILE_SCANNERS.map((s) => s.module) };

describe('warming the scanner threads (a service or worker at start)', () => {
  it('starts every thread of the pool before any scan, and an engine that keeps them still has them after', async () => {
    const pool = createScanPool(2, { keepThreads: true });
    try {
      expect(pool.threads).toBe(0);
      await pool.warm(warmTask);
      expect(pool.threads).toBe(2);
      // The warmed threads scan as any others.
      const result = await pool.run({ root: '', paths: [], scannerModules: warmTask.scannerModules });
      expect(result.findings).toEqual([]);
      expect(pool.threads).toBe(2);
    } finally {
      await pool.close();
    }
    expect(pool.threads).toBe(0);
  });

  it('warms through the engine, with the scanners the service runs', async () => {
    const engine = createScanEngine({ workers: 2, timeoutMs: 60_000, keepThreads: true });
    try {
      await engine.warm();
      expect(engine.pool.threads).toBe(2);
    } finally {
      await engine.close();
    }
  });

  it('a pool without keepThreads starts one thread for one task', async () => {
    const pool = createScanPool(2);
    try {
      await pool.run(warmTask);
      expect(pool.threads).toBe(1);
    } finally {
      await pool.close();
    }
  });
});
