import { readdirSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Scheduling priority of the threads that do a scan's heavy lifting (scanner threads, the
 * archive extraction thread). A service lowers them (`VIGIL_SCAN_NICE`, default 10) so that
 * the thread answering requests gets a core as soon as it has work: on a machine with fewer
 * cores than busy threads, a scan's threads would otherwise hold the cores for whole time
 * slices while `/health` and short API calls wait. Scans lose nothing on an idle machine:
 * niceness only matters when threads compete.
 *
 * The value is process-wide (like the process's own priority): the composition root sets it
 * once, before any such thread starts, and the pools read it when they start threads.
 */
let backgroundNice = 0;

/** Set by the service's and the worker's engine (createScanEngine); the command line leaves 0. */
export function setBackgroundNice(nice: number): void {
  if (!Number.isSafeInteger(nice) || nice < 0 || nice > 19) throw new RangeError('nice must be an integer from 0 to 19');
  backgroundNice = nice;
}

/** What a background thread is started with (its workerData). */
export function backgroundThreadData(): { readonly nice: number } {
  return { nice: backgroundNice };
}

/**
 * What the API scan thread is started with: half the background nice (5 by default). Its work is short, a few
 * dozen requests per scan that a caller waits on, so it comes before the repository scans' threads; but twenty
 * API scans at once are enough work to keep the thread that answers requests (`/health`, status polls) waiting
 * for a core at equal priority, so it comes after that one.
 */
export function apiThreadData(): { readonly nice: number } {
  return { nice: Math.floor(backgroundNice / 2) };
}

/**
 * Called first thing by a background thread with its workerData: lowers this thread alone. On
 * Linux a thread has its own nice value, and `setpriority` on its thread id changes only it
 * (threads it starts later inherit it). Elsewhere, or where /proc is absent, nothing changes:
 * the priority is an optimisation, never a condition for a scan to run.
 */
export function enterBackground(data: unknown): number {
  const nice = typeof data === 'object' && data !== null && 'nice' in data ? data.nice : 0;
  if (typeof nice !== 'number' || !Number.isSafeInteger(nice) || nice <= 0 || nice > 19 || process.platform !== 'linux') return 0;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isSafeInteger(tid) || tid <= 0) return 0;
    setPriority(tid, nice);
    return nice;
  } catch {
    return 0;
  }
}

/**
 * Lowers every thread this process has now (Linux: each one has its own nice value) and, through
 * inheritance, every thread started later. For a process that does nothing but background work
 * (`vigil worker`): its main thread downloads archives and stores results, and V8's own helper
 * threads (garbage collection, optimising compiler) work for the scanner threads; at nice 0 they
 * would compete with a service process, and with PostgreSQL, on the same machine. Returns how
 * many threads were lowered; like enterBackground, it is an optimisation and never throws.
 */
export function lowerWholeProcess(nice: number): number {
  if (!Number.isSafeInteger(nice) || nice <= 0 || nice > 19 || process.platform !== 'linux') return 0;
  let lowered = 0;
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return 0;
  }
  for (const tid of tids) {
    try {
      setPriority(Number(tid), nice);
      lowered += 1;
    } catch {
      // The thread ended while we went through them.
    }
  }
  return lowered;
}
