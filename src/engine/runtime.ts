import { DEFAULT_FINDING_LIMITS, type FindingLimits } from './pipeline/limit.js';
import { createScanPool, type ScanPool } from './pool.js';
import { setBackgroundNice } from '../core/thread-priority.js';
import type { AdvisorySource } from '../scanners/advisories/source.js';

/**
 * What running scans needs in a process: the worker pool, the time limit and
 * finding caps, the vulnerability database. How many scans run at once is the
 * scan queue's business (src/services/scans/queue).
 */
export interface ScanEngine {
  readonly pool: ScanPool;
  readonly timeoutMs: number;
  /** Caps on the findings of one scan. */
  readonly findingLimits: FindingLimits;
  /** Where `check_cves` looks packages up (OSV online or the imported database). */
  readonly advisories?: AdvisorySource;
  close(): Promise<void>;
}

export function createScanEngine(options: { workers: number; timeoutMs: number; findingLimits?: FindingLimits; advisories?: AdvisorySource; threadNice?: number }): ScanEngine {
  // Before any scanner or extraction thread starts: they read it when they start.
  if (options.threadNice !== undefined) setBackgroundNice(options.threadNice);
  const pool = createScanPool(options.workers);
  return {
    pool,
    timeoutMs: options.timeoutMs,
    findingLimits: options.findingLimits ?? DEFAULT_FINDING_LIMITS,
    ...(options.advisories ? { advisories: options.advisories } : {}),
    close: () => pool.close(),
  };
}
