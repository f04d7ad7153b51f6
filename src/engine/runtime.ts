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
  /** Starts the scanner threads and loads the scanners on each (a service or worker at start; see ScanPool.warm). */
  warm(): Promise<void>;
  close(): Promise<void>;
}

/** `keepThreads`: the pool's threads stay once started (ScanPool); for processes that scan for their whole life. */
export function createScanEngine(options: { workers: number; timeoutMs: number; findingLimits?: FindingLimits; advisories?: AdvisorySource; threadNice?: number; keepThreads?: boolean }): ScanEngine {
  // Before any scanner or extraction thread starts: they read it when they start.
  if (options.threadNice !== undefined) setBackgroundNice(options.threadNice);
  const pool = createScanPool(options.workers, { keepThreads: options.keepThreads === true });
  return {
    pool,
    timeoutMs: options.timeoutMs,
    findingLimits: options.findingLimits ?? DEFAULT_FINDING_LIMITS,
    ...(options.advisories ? { advisories: options.advisories } : {}),
    warm: async () => {
      const { FILE_SCANNERS } = await import('../scanners/index.js');
      await pool.warm({ root: '', paths: [], scannerModules: FILE_SCANNERS.map((s) => s.module) });
    },
    close: () => pool.close(),
  };
}
