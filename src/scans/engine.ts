import { ScanCapacity } from '../engine/capacity.js';
import { createScanPool, type ScanPool } from '../engine/pool.js';

/** What running repository scans needs in a process: the worker pool and the bound on concurrent scans. */
export interface ScanEngine {
  readonly pool: ScanPool;
  readonly capacity: ScanCapacity;
  readonly timeoutMs: number;
  close(): Promise<void>;
}

export function createScanEngine(options: { workers: number; maxConcurrentScans: number; timeoutMs: number }): ScanEngine {
  const pool = createScanPool(options.workers);
  return {
    pool,
    capacity: new ScanCapacity(options.maxConcurrentScans),
    timeoutMs: options.timeoutMs,
    close: () => pool.close(),
  };
}
