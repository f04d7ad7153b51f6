/**
 * The embedded scan queue: scans wait in this process's memory and run in it.
 * Each kind has its own slots, so API scans never wait behind repository
 * scans. When a slot frees, the waiting scan whose account runs the fewest
 * scans of that kind takes it (the oldest among equals), and no account runs
 * more than its share: a burst from one account waits, it does not shut
 * others out. Only a full queue is refused.
 */
import { SCAN_KINDS, type JobOutcome, type ScanFailure, type ScanJob, type ScanKind } from '../jobs.js';
import type { JobRunner } from '../runner.js';
import { accountQueueFull, queueFull, shuttingDown, type QueueLimits, type ScanObserver, type ScanQueue, type ScanTicket } from './types.js';

interface Entry {
  readonly job: ScanJob;
  readonly observer: ScanObserver | undefined;
  readonly controller: AbortController;
  state: 'waiting' | 'running' | 'done';
  resolve(outcome: JobOutcome): void;
}

class Lane {
  readonly waiting: Entry[] = [];
  running = 0;
  readonly runningBy = new Map<string, number>();

  waitingOf(account: string): number {
    let n = 0;
    for (const entry of this.waiting) if (entry.job.account?.id === account) n++;
    return n;
  }
}

export interface LocalQueueOptions extends QueueLimits {
  readonly run: JobRunner;
  /** A scan dropped from the queue without running (the service stopped): its stored state is updated. */
  readonly onDropped?: (job: ScanJob, failure: ScanFailure) => Promise<void>;
}

export class LocalScanQueue implements ScanQueue {
  readonly name = 'local';
  private readonly lanes = Object.fromEntries(SCAN_KINDS.map((kind) => [kind, new Lane()])) as Record<ScanKind, Lane>;
  private closing = false;
  private idle: (() => void) | undefined;

  constructor(private readonly options: LocalQueueOptions) {}

  /** Scans of a kind running and waiting now. */
  counts(kind: ScanKind): { running: number; waiting: number } {
    const lane = this.lanes[kind];
    return { running: lane.running, waiting: lane.waiting.length };
  }

  submit(job: ScanJob, observer?: ScanObserver): Promise<ScanTicket> {
    if (this.closing) return Promise.reject(shuttingDown());
    const kind = job.request.kind;
    const lane = this.lanes[kind];
    let resolve!: (outcome: JobOutcome) => void;
    const done = new Promise<JobOutcome>((r) => (resolve = r));
    const entry: Entry = { job, observer, controller: new AbortController(), state: 'waiting', resolve };
    lane.waiting.push(entry);
    this.pump(kind);
    // Bounds apply to what has to wait: a scan that took a slot at once is never refused.
    if (entry.state === 'waiting') {
      const account = job.account?.id;
      const refusal =
        lane.waiting.length > this.options.maxQueued
          ? queueFull(kind, lane.waiting.length - 1)
          : account !== undefined && lane.waitingOf(account) > this.options.maxQueuedPerAccount
            ? accountQueueFull(kind, lane.waitingOf(account) - 1)
            : undefined;
      if (refusal) {
        lane.waiting.splice(lane.waiting.indexOf(entry), 1);
        return Promise.reject(refusal);
      }
    }
    return Promise.resolve({ done, cancel: (reason) => Promise.resolve(this.cancel(entry, reason)) });
  }

  /** Refuses new scans, drops the waiting ones (onDropped) and resolves when the running ones have ended. */
  async close(): Promise<void> {
    this.closing = true;
    const failure = { code: 'unavailable', detail: 'Scan not run: the service stopped before it started; submit it again', retryAfterSeconds: 5 } as const;
    for (const lane of Object.values(this.lanes)) {
      for (const entry of lane.waiting.splice(0)) {
        entry.state = 'done';
        await this.options.onDropped?.(entry.job, failure).catch(() => undefined);
        entry.resolve({ ok: false, error: failure, workStarted: false });
      }
    }
    if (Object.values(this.lanes).every((lane) => lane.running === 0)) return;
    await new Promise<void>((resolve) => (this.idle = resolve));
  }

  private cancel(entry: Entry, reason: string): void {
    if (entry.state === 'running') {
      entry.controller.abort(new Error(reason));
      return;
    }
    if (entry.state !== 'waiting') return;
    const lane = this.lanes[entry.job.request.kind];
    lane.waiting.splice(lane.waiting.indexOf(entry), 1);
    entry.state = 'done';
    entry.resolve({ ok: false, error: { code: 'unavailable', detail: `Scan cancelled before it started: ${reason}`, retryAfterSeconds: 15 }, workStarted: false });
  }

  private pump(kind: ScanKind): void {
    const lane = this.lanes[kind];
    const { concurrency } = this.options.kinds[kind];
    while (lane.running < concurrency) {
      const next = this.next(kind);
      if (next === undefined) return;
      lane.waiting.splice(lane.waiting.indexOf(next), 1);
      this.start(kind, next);
    }
  }

  /** The waiting scan whose account runs the fewest of this kind, oldest first; none past an account's share. */
  private next(kind: ScanKind): Entry | undefined {
    const lane = this.lanes[kind];
    const { perAccount } = this.options.kinds[kind];
    let best: Entry | undefined;
    let fewest = Infinity;
    for (const entry of lane.waiting) {
      const account = entry.job.account?.id;
      const running = account === undefined ? 0 : (lane.runningBy.get(account) ?? 0);
      if (account !== undefined && running >= perAccount) continue;
      if (running < fewest) {
        best = entry;
        fewest = running;
        if (running === 0) break;
      }
    }
    return best;
  }

  private start(kind: ScanKind, entry: Entry): void {
    const lane = this.lanes[kind];
    const account = entry.job.account?.id;
    entry.state = 'running';
    lane.running++;
    if (account !== undefined) lane.runningBy.set(account, (lane.runningBy.get(account) ?? 0) + 1);
    const onProgress = entry.observer?.onProgress?.bind(entry.observer);
    void this.options
      .run(entry.job, { signal: entry.controller.signal, ...(onProgress ? { onProgress } : {}) })
      .catch((): JobOutcome => ({ ok: false, error: { code: 'internal', detail: 'Scan failed: an unexpected error stopped the scan; retry' }, workStarted: true }))
      .then((outcome) => {
        lane.running--;
        if (account !== undefined) {
          const left = (lane.runningBy.get(account) ?? 1) - 1;
          if (left <= 0) lane.runningBy.delete(account);
          else lane.runningBy.set(account, left);
        }
        entry.state = 'done';
        entry.resolve(outcome);
        if (!this.closing) this.pump(kind);
        else if (Object.values(this.lanes).every((l) => l.running === 0)) this.idle?.();
      });
  }
}
