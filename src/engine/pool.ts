import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { threadScript } from '../core/thread-script.js';
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
  close(): Promise<void>;
}

export function defaultPoolSize(): number {
  return Math.max(1, availableParallelism());
}

export function createScanPool(size: number = defaultPoolSize()): ScanPool {
  const { filename, execArgv } = threadScript(import.meta.url, 'worker');
  // Threads start on the first task, so an app that never scans never pays for them.
  let piscina: Piscina<ScanTask | RepositoryTask | TextTask, unknown> | undefined;
  const start = () =>
    (piscina ??= new Piscina<ScanTask | RepositoryTask | TextTask, unknown>({
      filename,
      minThreads: 1,
      maxThreads: size,
      idleTimeout: 30_000,
      ...(execArgv === undefined ? {} : { execArgv }),
    }));
  return {
    size,
    run: (task, signal) => start().run(task, signal ? { signal } : {}) as Promise<ScanTaskResult>,
    runRepository: (task, signal) => start().run(task, { name: 'scanRepository', ...(signal ? { signal } : {}) }),
    runTexts: (task, signal) => start().run(task, { name: 'scanTexts', ...(signal ? { signal } : {}) }) as Promise<TextTaskResult>,
    close: async () => {
      await piscina?.destroy();
      piscina = undefined;
    },
  };
}

/**
 * A pool that runs every task on the calling thread, one after another: for a command-line
 * scan of a small tree, where starting worker threads (each loading every scanner) costs more
 * than the scan. Never for the service: it would block the event loop.
 */
export function createInlinePool(): ScanPool {
  const self = import.meta.url;
  const worker = new URL(self.endsWith('.ts') ? './worker.ts' : './worker.js', self).href;
  const load = async () => (await import(worker)) as typeof import('./worker.js');
  return {
    size: 1,
    run: async (task, signal) => {
      signal?.throwIfAborted();
      return (await load()).default(task);
    },
    runRepository: async (task, signal) => {
      signal?.throwIfAborted();
      return (await load()).scanRepository(task);
    },
    runTexts: async (task, signal) => {
      signal?.throwIfAborted();
      return (await load()).scanTexts(task);
    },
    close: () => Promise.resolve(),
  };
}

/** A pool whose threads start when its owner asks (createGrowingScanPool). */
export interface GrowingScanPool extends ScanPool {
  /** Starts threads until there are `threads` of them (at most the pool's limit); each loads the scanners at once. */
  grow(threads: number): void;
}

/**
 * The pool of one command-line scan: no thread until `grow` asks for one (an empty folder starts
 * none), then one thread at a time as the walk finds more to scan, each loading the file scanners
 * as soon as it starts (`warm`, an empty task), while the folder is still being walked. A task
 * goes to the thread with the fewest tasks in flight. A repository scanner's worker half (the
 * dependency check) runs on the calling thread, which has nothing else to do in a command-line
 * scan, so it never waits behind file batches and the threads never wait behind it.
 * Never for the service: it would block the event loop.
 */
export function createGrowingScanPool(limit: number, warm?: ScanTask): GrowingScanPool {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError('A pool needs at least one thread');
  const lanes: { pool: ScanPool; busy: number }[] = [];
  const inline = createInlinePool();
  const grow = (threads: number): void => {
    while (lanes.length < Math.min(threads, limit)) {
      const lane = { pool: createScanPool(1), busy: 0 };
      lanes.push(lane);
      // A thread that cannot load its scanners fails the real batches the same way: nothing to report here.
      if (warm !== undefined) void send(lane, (pool) => pool.run(warm)).catch(() => undefined);
    }
  };
  const send = <R>(lane: { pool: ScanPool; busy: number }, work: (pool: ScanPool) => Promise<R>): Promise<R> => {
    lane.busy += 1;
    return work(lane.pool).finally(() => (lane.busy -= 1));
  };
  const idlest = (): { pool: ScanPool; busy: number } => {
    grow(1);
    return lanes.reduce((best, lane) => (lane.busy < best.busy ? lane : best));
  };
  return {
    get size() {
      return Math.max(1, lanes.length);
    },
    grow,
    run: (task, signal) => send(idlest(), (pool) => pool.run(task, signal)),
    runTexts: (task, signal) => send(idlest(), (pool) => pool.runTexts(task, signal)),
    runRepository: (task, signal) => inline.runRepository(task, signal),
    close: async () => {
      await Promise.all(lanes.splice(0).map((lane) => lane.pool.close()));
    },
  };
}
