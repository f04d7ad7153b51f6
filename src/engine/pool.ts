import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { ScanTask, ScanTaskResult } from './types.js';

/**
 * The worker-thread pool that runs scanners, so the event loop keeps serving
 * requests while a large repository is scanned. From source (tests, `tsx`) the
 * workers load TypeScript through tsx; from `dist/` they load plain JavaScript.
 */
export interface ScanPool {
  run(task: ScanTask, signal?: AbortSignal): Promise<ScanTaskResult>;
  readonly size: number;
  close(): Promise<void>;
}

export function defaultPoolSize(): number {
  return Math.max(1, availableParallelism());
}

export function createScanPool(size: number = defaultPoolSize()): ScanPool {
  const self = import.meta.url;
  const fromSource = self.endsWith('.ts');
  const filename = new URL(fromSource ? './worker.ts' : './worker.js', self).href;
  // Threads start on the first task, so an app that never scans never pays for them.
  let piscina: Piscina<ScanTask, ScanTaskResult> | undefined;
  const start = () =>
    (piscina ??= new Piscina<ScanTask, ScanTaskResult>({
      filename,
      minThreads: 1,
      maxThreads: size,
      idleTimeout: 30_000,
      ...(fromSource ? { execArgv: ['--import', 'tsx'] } : {}),
    }));
  return {
    size,
    run: (task, signal) => start().run(task, signal ? { signal } : {}),
    close: async () => {
      await piscina?.destroy();
      piscina = undefined;
    },
  };
}
