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
