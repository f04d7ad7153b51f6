import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's `gc` extension, as `--expose-gc` installs it: with these options it collects on a task and resolves after. */
export type CollectGarbage = (options: { type: 'major'; execution: 'async' }) => Promise<void> | void;

/**
 * V8's `gc` function without starting Node with `--expose-gc`: the flag is set for the time it takes
 * to make one new context (which gets the extension), then cleared again, so no other context (a
 * scanner's `vm` use, a library's) sees a global `gc`. The same is done by test runners that look for
 * leaks; V8 reads the flag when it installs a context's extensions.
 */
export function exposedGc(): CollectGarbage {
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as CollectGarbage;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

export interface HeapTrimOptions {
  /** Growth of the heap in use, since the last collection asked for, that always asks for one (bytes). */
  readonly minGrowthBytes?: number;
  /** Growth that asks for one, as a share of the heap in use after the last (when above minGrowthBytes). */
  readonly growthRatio?: number;
  readonly gc?: CollectGarbage;
  /** The heap in use now (bytes). */
  readonly heapUsed?: () => number;
  /** Runs the collection's request later (default: 100 ms later, not holding the process open). */
  readonly delay?: (run: () => void) => void;
}

export const HEAP_TRIM_MIN_GROWTH_BYTES = 16 * 1024 * 1024;
export const HEAP_TRIM_GROWTH_RATIO = 0.25;

/**
 * For a long-running scan process's main thread, called at the end of each scan: when the JavaScript heap
 * in use has grown by more than max(minGrowthBytes, growthRatio × its size after the last collection asked
 * for), asks V8 for one full collection, `delay` later and never two at once.
 *
 * Why: a scan keeps objects alive on the main thread for its whole duration (worker messages, the pool's
 * bookkeeping, the GitHub client's, the stored rows), so each scan moves some of what it allocated into
 * the old generation, where only a full collection frees it. V8 lets the old generation grow to about four
 * times the live heap before one, and its memory reducer waits for an idle moment, which a service
 * scanning back to back never has: over 1,000 scans of a 4 MB repository the resident set levelled off
 * 26 % above where it was after 10 (docs/decisions.md, `npm run bench:memory`). A collection of the main
 * thread's 50 MB heap takes 40–50 ms; with the defaults it comes about once every 40 such scans.
 */
export function heapTrimmer(options: HeapTrimOptions = {}): () => void {
  const minGrowth = options.minGrowthBytes ?? HEAP_TRIM_MIN_GROWTH_BYTES;
  const ratio = options.growthRatio ?? HEAP_TRIM_GROWTH_RATIO;
  const heapUsed = options.heapUsed ?? (() => getHeapStatistics().used_heap_size);
  const delay = options.delay ?? ((run: () => void) => void setTimeout(run, 100).unref());
  let gc = options.gc;
  let baseline: number | undefined;
  let collecting = false;
  return () => {
    if (collecting) return;
    const used = heapUsed();
    baseline ??= used;
    if (used - baseline <= Math.max(minGrowth, ratio * baseline)) return;
    const collect = (gc ??= exposedGc());
    collecting = true;
    const settle = (): void => {
      baseline = heapUsed();
      collecting = false;
    };
    // Later, so that the scan's answer is written before the collection holds the thread.
    delay(() => {
      try {
        Promise.resolve(collect({ type: 'major', execution: 'async' })).then(settle, settle);
      } catch {
        // A collection cannot fail in a way that matters to the scan that asked; the next end tries again.
        settle();
      }
    });
  };
}
