/**
 * API scans on a thread of their own. An API scan is a few dozen small requests to the target
 * and the header checks over their answers; twenty at once (a CI burst) are hundreds of
 * connections, parses and checks, which on the service's event loop would queue ahead of every
 * other request (`/health`, status polls, the dashboard). The service runs them here instead;
 * the event loop only sends the job and receives the result. One thread serves every API scan
 * of the process (they are I/O-bound and run concurrently on it); it starts with the first scan
 * and does not keep the process alive while idle. A thread that dies fails the scans it had
 * (`internal`: the runner reports them) and the next scan starts a new one.
 *
 * The command line and tests that inject DNS run scans on the calling thread (inlineApiScans).
 */
import { Worker } from 'node:worker_threads';
import { apiThreadData } from '../../core/thread-priority.js';
import { threadScript } from '../../core/thread-script.js';
import { fromWire, type WireError } from '../../core/wire-error.js';
import type { ScanResponse } from '../../outputs/scan-response.js';
import { scanApiTarget, type ApiScanHooks, type ApiScanSettings } from './api.js';

/** Runs API scans: on the calling thread, or on the API scan thread. */
export interface ApiScanExecutor {
  scan(input: string, settings: ApiScanSettings, hooks: ApiScanHooks): Promise<ScanResponse>;
  close(): Promise<void>;
}

/** What crosses to the thread: the settings without the test-only DNS hook, the hooks without the signal. */
export type ThreadApiSettings = Omit<ApiScanSettings, 'lookup'>;
export type ThreadApiHooks = Omit<ApiScanHooks, 'signal'>;

export type ToApiThread =
  | { readonly kind: 'scan'; readonly id: number; readonly input: string; readonly settings: ThreadApiSettings; readonly hooks: ThreadApiHooks }
  | { readonly kind: 'abort'; readonly id: number; readonly reason: string };

export type FromApiThread = { readonly kind: 'done'; readonly id: number; readonly result: ScanResponse } | { readonly kind: 'failed'; readonly id: number; readonly error: WireError };

export const inlineApiScans: ApiScanExecutor = {
  scan: (input, settings, hooks) => scanApiTarget(input, settings, hooks),
  close: () => Promise.resolve(),
};

interface Pending {
  resolve(result: ScanResponse): void;
  reject(error: Error): void;
}

export class ApiScanThread implements ApiScanExecutor {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  /** The thread's id while it runs, else 0 (tests check where scans ran). */
  get threadId(): number {
    return this.worker?.threadId ?? 0;
  }

  scan(input: string, settings: ApiScanSettings, hooks: ApiScanHooks): Promise<ScanResponse> {
    // A DNS hook (tests) is a function, which cannot cross to the thread: such scans run here.
    if (settings.lookup !== undefined) return scanApiTarget(input, settings, hooks);
    if (this.closed) return Promise.reject(new Error('the API scan thread is closed'));
    const { signal, ...wireHooks } = hooks;
    signal?.throwIfAborted();
    const worker = this.start();
    const id = this.nextId++;
    // Every setting but the DNS hook (absent here: scans with one ran above).
    const { lookup, ...wireSettings } = settings;
    void lookup;
    return new Promise<ScanResponse>((resolve, reject) => {
      const onAbort = (): void => {
        const reason: unknown = signal?.reason;
        worker.postMessage({ kind: 'abort', id, reason: reason instanceof Error ? reason.message : String(reason) } satisfies ToApiThread);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = (): void => {
        signal?.removeEventListener('abort', onAbort);
        this.pending.delete(id);
        if (this.pending.size === 0) this.worker?.unref();
      };
      this.pending.set(id, {
        resolve: (result) => {
          settle();
          resolve(result);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
      // Held open while scans run: a scan in flight is work the process has not finished.
      worker.ref();
      worker.postMessage({ kind: 'scan', id, input, settings: wireSettings, hooks: wireHooks } satisfies ToApiThread);
    });
  }

  /** Starts the thread now, so that it has loaded its modules before the first API scan (it keeps no process alive). */
  warm(): void {
    if (!this.closed) this.start();
  }

  /** Scans still running fail; the thread ends. The queue lets running scans finish before this. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error('the API scan thread was closed'));
    await worker?.terminate();
  }

  private start(): Worker {
    if (this.worker !== undefined) return this.worker;
    const worker = new Worker(threadScript(import.meta.url, 'api-worker').bootstrap, { eval: true, workerData: apiThreadData() });
    worker.on('message', (message: FromApiThread) => {
      const job = this.pending.get(message.id);
      if (job === undefined) return;
      if (message.kind === 'done') job.resolve(message.result);
      else job.reject(fromWire(message.error));
    });
    const lost = (error: Error): void => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.failAll(error);
    };
    worker.once('error', lost);
    worker.once('exit', (code) => lost(new Error(`the API scan thread stopped (exit code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error): void {
    for (const job of [...this.pending.values()]) job.reject(error);
  }
}
