import { ScanCapacity } from '../engine/capacity.js';
import { DEFAULT_FINDING_LIMITS, type FindingLimits } from '../engine/pipeline/limit.js';
import { createScanPool, type ScanPool } from '../engine/pool.js';
import type { AdvisorySource } from '../scanners/dependencies/advisories/source.js';

/** Up to 64 API scans may wait up to 20 s for a slot. */
export const API_SCAN_QUEUE = Object.freeze({ maxWaiting: 64, maxWaitMs: 20_000 });

/**
 * What running scans needs in a process: the worker pool, the bounds on
 * concurrent scans (repository scans and API scans apart: one is CPU work,
 * the other a few short requests), the vulnerability database.
 */
export interface ScanEngine {
  readonly pool: ScanPool;
  /** Repository scans. */
  readonly capacity: ScanCapacity;
  /** API scans. */
  readonly apiCapacity: ScanCapacity;
  readonly timeoutMs: number;
  /** Caps on the findings of one scan. */
  readonly findingLimits: FindingLimits;
  /** Where `check_cves` looks packages up (OSV online or the imported database). */
  readonly advisories?: AdvisorySource;
  close(): Promise<void>;
}

export function createScanEngine(options: {
  workers: number;
  maxConcurrentScans: number;
  /** Repository scans one account may run at once (default: half the slots, at least one). */
  scansPerAccount?: number;
  maxConcurrentApiScans?: number;
  apiScansPerAccount?: number;
  timeoutMs: number;
  findingLimits?: FindingLimits;
  advisories?: AdvisorySource;
}): ScanEngine {
  const pool = createScanPool(options.workers);
  return {
    pool,
    capacity: new ScanCapacity(
      options.maxConcurrentScans,
      options.scansPerAccount ?? Math.max(1, Math.floor(options.maxConcurrentScans / 2)),
      'repository scan',
    ),
    // An API scan is a couple of dozen short requests: a burst past the slots waits briefly instead of 503.
    apiCapacity: new ScanCapacity(options.maxConcurrentApiScans ?? 16, options.apiScansPerAccount ?? 4, 'API scan', API_SCAN_QUEUE),
    timeoutMs: options.timeoutMs,
    findingLimits: options.findingLimits ?? DEFAULT_FINDING_LIMITS,
    ...(options.advisories ? { advisories: options.advisories } : {}),
    close: () => pool.close(),
  };
}
