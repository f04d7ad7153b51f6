/**
 * One scan thread of a command-line scan, started with a plain `Worker` (no pool library): the
 * adaptive pool (pool.ts) runs its batches on a few of these. A command-line scan decides to use
 * threads while its walk is running, and the walk keeps the main thread busy with synchronous
 * reads: a pool library imported at that moment (piscina, 15 modules) only loads between two of
 * the walk's steps, and on Juice Shop its threads started about 50 ms after the decision. A
 * `Worker` starts at once, and its thread loads the worker module (worker.ts) while the walk
 * goes on. Tasks run one after another, in the order sent.
 *
 * Cancelling a task ends the thread (a batch is synchronous work that cannot be interrupted),
 * as a pool would end its worker: the task and every other task of the lane reject, and later
 * tasks reject at once. A thread that dies fails its tasks the same way.
 */
import { threadScript } from '../core/thread-script.js';
import { fromWire, type WireError } from '../core/wire-error.js';
import type { ScanPool } from './pool.js';
import { newScanThread, takeEarlyScanThread } from './early-thread.js';

/** The worker module's entries a lane runs (see lane-worker.ts). */
export type LaneEntry = 'scanBatch' | 'scanRepository' | 'scanTexts';

export type ToLane = { readonly id: number; readonly entry: LaneEntry; readonly task: unknown };
export type FromLane = { readonly id: number; readonly ok: true; readonly value: unknown } | { readonly id: number; readonly ok: false; readonly error: WireError };

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** A scan thread that starts now: it loads the worker module at once, and the scanners with its first task. */
export function createThreadLane(): ScanPool {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let failure: Error | undefined;
  // The thread `vigil scan` started before its V8 flags (early-thread.ts), else a new one.
  const worker = takeEarlyScanThread() ?? newScanThread(threadScript(import.meta.url, 'lane-worker').bootstrap);
  const fail = (error: Error): void => {
    failure ??= error;
    const jobs = [...pending.values()];
    pending.clear();
    for (const job of jobs) job.reject(failure);
  };
  worker.on('message', (message: FromLane) => {
    const job = pending.get(message.id);
    if (job === undefined) return;
    pending.delete(message.id);
    if (message.ok) job.resolve(message.value);
    else job.reject(fromWire(message.error));
  });
  worker.once('error', fail);
  worker.once('exit', (code) => fail(new Error(`a scan thread stopped (exit code ${code})`)));
  // An idle lane keeps no process alive; one with tasks does (below).
  worker.unref();

  const send = <R>(entry: LaneEntry, task: unknown, signal: AbortSignal | undefined): Promise<R> => {
    if (failure !== undefined) return Promise.reject(failure);
    if (signal?.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error('the scan was cancelled'));
    const id = nextId++;
    return new Promise<R>((resolve, reject) => {
      const onAbort = (): void => {
        const reason: unknown = signal?.reason;
        fail(reason instanceof Error ? reason : new Error('the scan was cancelled'));
        void worker.terminate();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = (): void => {
        signal?.removeEventListener('abort', onAbort);
        if (pending.size === 0) worker.unref();
      };
      pending.set(id, {
        resolve: (value) => {
          settle();
          resolve(value as R);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
      worker.ref();
      worker.postMessage({ id, entry, task } satisfies ToLane);
    });
  };
  return {
    size: 1,
    get threads() {
      return failure === undefined ? 1 : 0;
    },
    run: (task, signal) => send('scanBatch', task, signal),
    runRepository: (task, signal) => send('scanRepository', task, signal),
    runTexts: (task, signal) => send('scanTexts', task, signal),
    warm: async (task) => {
      await send('scanBatch', task, undefined);
    },
    close: async () => {
      fail(new Error('the scan thread was closed'));
      await worker.terminate();
    },
  };
}
