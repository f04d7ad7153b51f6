import { availableParallelism } from 'node:os';
import type { Piscina } from 'piscina';
import { threadScript } from '../core/thread-script.js';
import { backgroundThreadData } from '../core/thread-priority.js';
import { createThreadLane } from './lane.js';
import { discardEarlyScanThread, settleScanFlags } from './early-thread.js';
import { SCAN_THREAD_YOUNG_GENERATION_MB } from './thread-limits.js';
import { mergeCollected } from './pipeline/index.js';
import type { RepositoryTask, ScanTask, ScanTaskResult, TextTask, TextTaskResult } from './types.js';

/**
 * The worker-thread pool that runs scanners, so the event loop keeps serving
 * requests while a large repository is scanned. From source (tests, `tsx`) the
 * workers load TypeScript through tsx; from `dist/` they load plain JavaScript.
 */
export interface ScanPool {
  run(task: ScanTask, signal?: AbortSignal): Promise<ScanTaskResult>;
  /** A repository scanner's worker half over files of one workspace (worker export `scanRepository`). */
  runRepository(task: RepositoryTask, signal?: AbortSignal): Promise<unknown>;
  /** File scanners over texts already read (history scans; worker export `scanTexts`). */
  runTexts(task: TextTask, signal?: AbortSignal): Promise<TextTaskResult>;
  readonly size: number;
  /** Threads running now (0 on the calling thread's pool, and before the first task or warm()). */
  readonly threads: number;
  /**
   * Starts every thread and has each run `task` (an empty scan that loads the scanners), so that the first
   * scans after a service starts do not load modules on every thread at once; resolves when all have.
   */
  warm(task: ScanTask): Promise<void>;
  close(): Promise<void>;
}

export function defaultPoolSize(): number {
  return Math.max(1, availableParallelism());
}

/**
 * Whether a scan on `threads` JavaScript threads leaves a core for the native parser's helper threads
 * (ScanTask.lookAhead). With every core scanning, parsing ahead only moves the parse onto a core that is
 * busy anyway, and costs some CPU for the hand-over (docs/decisions.md).
 */
export function sparesACore(threads: number): boolean {
  return threads < availableParallelism();
}

/** The task with `lookAhead` set as given, unless its sender set it. */
function withLookAhead<T extends ScanTask | TextTask>(task: T, lookAhead: boolean): T {
  return task.lookAhead === undefined ? { ...task, lookAhead } : task;
}

/**
 * `keepThreads`: every thread stays once started (a service's or worker's pool, warmed at start), instead of
 * all but one ending after 30 s idle and the next burst of scans starting and loading them again.
 */
export function createScanPool(size: number = defaultPoolSize(), options: { keepThreads?: boolean } = {}): ScanPool {
  const { filename, execArgv } = threadScript(import.meta.url, 'worker');
  // Threads start on the first task (or warm()), so an app that never scans never pays for them; piscina
  // itself (15 modules) is imported then too: a command-line scan of a small tree never needs it.
  type Pool = Piscina<ScanTask | RepositoryTask | TextTask, unknown>;
  let piscina: Promise<Pool> | undefined;
  let started: Pool | undefined;
  const start = (): Promise<Pool> =>
    (piscina ??= import('piscina').then(
      ({ Piscina }) =>
        (started = new Piscina<ScanTask | RepositoryTask | TextTask, unknown>({
          filename,
          minThreads: options.keepThreads === true ? size : 1,
          maxThreads: size,
          idleTimeout: 30_000,
          workerData: backgroundThreadData(),
          resourceLimits: { maxYoungGenerationSizeMb: SCAN_THREAD_YOUNG_GENERATION_MB },
          ...(execArgv === undefined ? {} : { execArgv }),
        })),
    ));
  return {
    size,
    get threads() {
      return started?.threads.length ?? 0;
    },
    run: async (task, signal) => (await start()).run(withLookAhead(task, sparesACore(size)), signal ? { signal } : {}) as Promise<ScanTaskResult>,
    runRepository: async (task, signal) => (await start()).run(task, { name: 'scanRepository', ...(signal ? { signal } : {}) }),
    runTexts: async (task, signal) =>
      (await start()).run(withLookAhead(task, sparesACore(size)), { name: 'scanTexts', ...(signal ? { signal } : {}) }) as Promise<TextTaskResult>,
    warm: async (task) => {
      const pool = await start();
      // One task per thread: piscina gives each to an idle thread. A failure here is the first scan's to report.
      await Promise.all(Array.from({ length: size }, () => pool.run(task).catch(() => undefined)));
    },
    close: async () => {
      await (await piscina)?.destroy();
      piscina = undefined;
      started = undefined;
    },
  };
}

/**
 * A pool that runs every task on the calling thread, one after another: for a command-line
 * scan of a small tree, where starting worker threads (each loading every scanner) costs more
 * than the scan. Never for the service: it would block the event loop.
 */
export function createInlinePool(): ScanPool {
  // A literal path: the command line's bundle compiles the worker module in (one copy of it and of what
  // it imports in the process) and still loads it on the first task only.
  // The scanners' bundles carry code caches written under `vigil scan`'s V8 flags: set before the first loads,
  // without waiting for the command line's first thread to load all it would (a tree scanned here never uses
  // it), only for it to finish the module it is loading (src/engine/early-thread.ts).
  const load = async () => {
    settleScanFlags(0);
    return await import('./worker.js');
  };
  return {
    size: 1,
    threads: 0,
    run: async (task, signal) => {
      signal?.throwIfAborted();
      return (await load()).default(withLookAhead(task, sparesACore(1)));
    },
    runRepository: async (task, signal) => {
      signal?.throwIfAborted();
      return (await load()).scanRepository(task);
    },
    runTexts: async (task, signal) => {
      signal?.throwIfAborted();
      return (await load()).scanTexts(withLookAhead(task, sparesACore(1)));
    },
    warm: async (task) => {
      await (await load()).default(task);
    },
    close: () => Promise.resolve(),
  };
}

/**
 * Batches a thread of the adaptive pool holds at once: the one it scans and the next, so that it
 * does not wait for the main thread between two (that thread walks and runs the dependency check);
 * the others wait in the pool for whichever thread finishes first. Four held batches kept Juice
 * Shop's threads busier while the main thread was busy, but left one thread with three batches of the
 * walk's to finish after the other had run out (up to 240 ms); the ten-repository mix was as fast
 * either way, within the noise.
 */
export const IN_FLIGHT_PER_LANE = 2;

/** When a command-line scan moves off its own thread (createAdaptiveScanPool). */
export interface AdaptiveLimits {
  /** Kept bytes past which the scan runs on worker threads. */
  readonly bytes: number;
  /**
   * The same where the decision starts a single thread (one thread in all, or two with `lastThreadBytes`):
   * that thread scans nothing in parallel with another, it only overlaps the scan with the walk, so it pays
   * for its start on larger trees only. Undefined: `bytes`.
   */
  readonly bytesWithOneThread?: number;
  /** Kept files past which the scan runs on worker threads. */
  readonly files: number;
  /**
   * Kept bytes past which the last of the threads starts (when there is more than one). Until then the
   * walk has that core: a thread started beside it only competes for the core while paying its own
   * start, cold compiler and heap. Undefined: every thread starts at the decision.
   */
  readonly lastThreadBytes?: number;
  /**
   * Kept bytes past which a tree that may yet be scanned on the calling thread starts a thread for the
   * offloaded scanners (createAdaptiveScanPool's `offload`). Undefined: none starts.
   */
  readonly offloadBytes?: number;
}

/** The pool of one command-line scan, told what the walk finds (createAdaptiveScanPool). */
export interface AdaptiveScanPool extends ScanPool {
  /** The walk kept `files` files of `bytes` bytes so far. */
  observe(files: number, bytes: number): void;
  /** The walk ended: a tree that never passed the limits is scanned on the calling thread. */
  walked(): void;
  /** Where file batches run: undefined until decided. */
  readonly placement: 'inline' | 'threads' | undefined;
}

/**
 * The pool of one command-line scan, which decides where to scan as the walk goes on. A tree
 * that stays within `limits` (`bytesWithOneThread` when the decision starts a single thread) is
 * scanned on the calling thread once the walk has ended (a few tens
 * of milliseconds for such a tree): worker threads would each load every scanner again, which
 * costs more CPU than they save on a tree that small (docs/benchmarks.md). Once the walk passes
 * the limits, `threads` scan threads start (lane.ts: plain worker threads, which start at once
 * although the walk keeps this thread busy), all but one at once and the last once the walk has kept
 * `limits.lastThreadBytes` (when given); each loads the file scanners (`warm`, an empty task),
 * and batches go to them while the walk goes on; each thread holds at most IN_FLIGHT_PER_LANE
 * batches, and the others wait in the pool for the first thread to finish one. Until the decision
 * batches wait. No thread starts earlier: threads started on speculation and ended unused cost a
 * small tree more than an early start saves a large one (docs/decisions.md). A repository
 * scanner's worker half (the dependency check) always runs on the calling thread, which has
 * nothing else to do in a command-line scan, so it never waits behind file batches and the
 * threads never wait behind it. Never for the service: it would block the event loop.
 *
 * `offload`: scanner modules that get a thread of their own beside a scan on the calling thread. Once the
 * walk has kept `limits.offloadBytes` (and `threads` allows two), one lane starts and loads them; if the
 * tree stays on the calling thread, every collected batch runs in two halves at once, those scanners on
 * that lane (parsing ahead: the calling thread's core has room for the parser's helper) and the others here,
 * and mergeTaskResults joins them. If the walk passes the limits, that lane is the first scan thread.
 */
export function createAdaptiveScanPool(
  threads: number,
  limits: AdaptiveLimits,
  warm?: ScanTask,
  lane: () => ScanPool = createThreadLane,
  offload: readonly string[] = [],
): AdaptiveScanPool {
  if (!Number.isSafeInteger(threads) || threads < 1) throw new RangeError('A pool needs at least one thread');
  const lanes: { pool: ScanPool; busy: number }[] = [];
  const inline = createInlinePool();
  // The thread of the offloaded scanners (see `offload` above), once the walk has passed offloadBytes.
  let helper: ScanPool | undefined;
  const startHelper = (): void => {
    helper = lane();
    if (warm !== undefined) void helper.run({ ...warm, scannerModules: warm.scannerModules.filter((m) => offload.includes(m)) }).catch(() => undefined);
  };
  let placement: 'inline' | 'threads' | undefined;
  let decide: () => void = () => undefined;
  const decided = new Promise<void>((resolve) => (decide = resolve));
  // Threads started at the decision: all, or all but the last when it waits for lastThreadBytes.
  const atDecision = limits.lastThreadBytes === undefined ? threads : Math.max(1, threads - 1);
  const maxInlineBytes = atDecision === 1 ? (limits.bytesWithOneThread ?? limits.bytes) : limits.bytes;
  const place = (where: 'inline' | 'threads'): void => {
    if (placement !== undefined) return;
    placement = where;
    if (where === 'threads') addLanes(atDecision);
    decide();
  };
  const addLanes = (count: number): void => {
    while (lanes.length < count) {
      // The offloaded scanners' thread, started already, becomes the first scan thread.
      const added = { pool: helper ?? lane(), busy: 0 };
      helper = undefined;
      lanes.push(added);
      // A thread that cannot load its scanners fails the real batches the same way: nothing to report here.
      if (warm !== undefined) void send(added, (pool) => pool.run(warm)).catch(() => undefined);
      // A batch waiting for a thread takes the new one.
      waiting.shift()?.();
    }
  };
  // Batches waiting for a thread, first come first served: a thread gets the next one as it finishes
  // one, so the threads end together instead of each working off a share handed out in advance.
  const waiting: (() => void)[] = [];
  let closed = false;
  const send = <R>(lane: { pool: ScanPool; busy: number }, work: (pool: ScanPool) => Promise<R>): Promise<R> => {
    lane.busy += 1;
    return work(lane.pool).finally(() => {
      lane.busy -= 1;
      waiting.shift()?.();
    });
  };
  const idlest = (): { pool: ScanPool; busy: number } | undefined => {
    const best = lanes.reduce<{ pool: ScanPool; busy: number } | undefined>((b, lane) => (b === undefined || lane.busy < b.busy ? lane : b), undefined);
    return best !== undefined && best.busy < IN_FLIGHT_PER_LANE ? best : undefined;
  };
  const dispatch = async <R>(signal: AbortSignal | undefined, work: (pool: ScanPool) => Promise<R>): Promise<R> => {
    await decided;
    signal?.throwIfAborted();
    if (placement === 'inline') return work(inline);
    for (;;) {
      if (closed) throw new Error('the scan pool was closed');
      const lane = idlest();
      if (lane !== undefined) return send(lane, work);
      await new Promise<void>((resolve) => waiting.push(resolve));
      if (signal?.aborted) {
        // The turn this batch was woken for goes to the next one.
        waiting.shift()?.();
        signal.throwIfAborted();
      }
    }
  };
  const runWhole = (task: ScanTask, signal: AbortSignal | undefined): Promise<ScanTaskResult> =>
    dispatch(signal, (pool) => pool.run(pool === inline ? task : withLookAhead(task, sparesACore(lanes.length)), signal));
  // Only a task whose findings the workers collect is split: its batches carry the secrets of suppressed
  // findings to the main thread, which redacts them from the other half's findings (FindingCollector.finish).
  const offloading = threads >= 2 && offload.length > 0;
  const splitTask = (task: ScanTask): { mine: ScanTask; theirs: ScanTask } | undefined => {
    if (!offloading || task.collect === undefined) return undefined;
    const mine = task.scannerModules.filter((m) => !offload.includes(m));
    const theirs = task.scannerModules.filter((m) => offload.includes(m));
    return mine.length > 0 && theirs.length > 0 ? { mine: { ...task, scannerModules: mine }, theirs: { ...task, scannerModules: theirs } } : undefined;
  };
  return {
    get size() {
      // The offloaded scanners' thread counts (batches in flight are counted per thread); past the limits it is a lane.
      return Math.max(1, lanes.length) + (helper === undefined ? 0 : 1);
    },
    get placement() {
      return placement;
    },
    get threads() {
      return lanes.reduce((sum, lane) => sum + lane.pool.threads, 0) + (helper?.threads ?? 0);
    },
    observe: (files, bytes) => {
      if (bytes > maxInlineBytes || files > limits.files) place('threads');
      else if (placement === undefined && helper === undefined && offloading && limits.offloadBytes !== undefined && bytes > limits.offloadBytes) startHelper();
      if (placement === 'threads' && !closed && limits.lastThreadBytes !== undefined && bytes > limits.lastThreadBytes) addLanes(threads);
    },
    walked: () => {
      place('inline');
      // No thread starts after the walk: the command line's first scan thread, if no lane took it, goes unused.
      discardEarlyScanThread();
    },
    // A lane is one thread: the scan's threads are the lanes started so far. On the calling thread, a
    // batch runs in two halves once the offloaded scanners' thread has started: theirs there, the rest here.
    run: async (task, signal) => {
      const split = splitTask(task);
      if (split === undefined) return runWhole(task, signal);
      // The offloaded scanners' thread, once started, takes its half at once, even while the walk goes on and the
      // placement is undecided (its queue would otherwise wait for the walk's end); the rest of the batch runs as
      // a whole batch would, here or on a scan thread. Past the limits that thread is the first scan thread
      // (`helper` is undefined then), and batches run whole.
      if (helper === undefined) await decided;
      const thread = helper;
      if (thread === undefined) return runWhole(task, signal);
      const away = thread.run(withLookAhead(split.theirs, true), signal);
      const [here, there] = await Promise.all([
        runWhole(split.mine, signal).catch(async (error: unknown) => {
          await away.catch(() => undefined);
          throw error;
        }),
        away,
      ]);
      return mergeTaskResults(here, there);
    },
    runTexts: (task, signal) => dispatch(signal, (pool) => pool.runTexts(pool === inline ? task : withLookAhead(task, sparesACore(lanes.length)), signal)),
    runRepository: (task, signal) => inline.runRepository(task, signal),
    // Its threads are warmed when the walk decides to use them (the constructor's `warm` task).
    warm: () => Promise.resolve(),
    close: async () => {
      place('inline');
      closed = true;
      for (const wake of waiting.splice(0)) wake();
      const ending = [...lanes.splice(0).map((lane) => lane.pool), ...(helper === undefined ? [] : [helper])];
      helper = undefined;
      await Promise.all(ending.map((pool) => pool.close()));
    },
  };
}

/** The results of one batch's two halves (disjoint scanners over the same files) as one. */
export function mergeTaskResults(a: ScanTaskResult, b: ScanTaskResult): ScanTaskResult {
  const collected = a.collected && b.collected ? mergeCollected(a.collected, b.collected) : (a.collected ?? b.collected);
  const facts = a.facts && b.facts ? { ...a.facts, ...b.facts } : (a.facts ?? b.facts);
  return {
    findings: [...a.findings, ...b.findings],
    ...(collected ? { collected } : {}),
    tallies: { ...a.tallies, ...b.tallies },
    // Each half counts the files it wanted and could not read: the larger count is the batch's whenever one
    // half wants every file (the secrets scanner does), and a lower bound otherwise.
    unreadable: Math.max(a.unreadable, b.unreadable),
    suppressed: a.suppressed + b.suppressed,
    ...(facts ? { facts } : {}),
  };
}
