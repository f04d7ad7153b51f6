import { AppError } from '../../../core/errors.js';
import { KIND_LABELS, type JobOutcome, type ScanJob, type ScanKind, type ScanProgressEvent } from '../jobs.js';

/** What the submitter of a scan hears while it runs. */
export interface ScanObserver {
  onProgress?(event: ScanProgressEvent): void;
}

/** A submitted scan. `done` never rejects: every ending is an outcome. */
export interface ScanTicket {
  readonly done: Promise<JobOutcome>;
  /** Takes it out of the queue, or stops it if it runs; its outcome is then a failure. */
  cancel(reason: string): Promise<void>;
}

/**
 * Where scans wait for a slot: in this process (LocalScanQueue) or in Redis
 * for `vigil worker` processes (RedisScanQueue). Both take any number of
 * scans up to their bound and start them by kind and by account.
 */
export interface ScanQueue {
  readonly name: 'local' | 'redis';
  /** Enqueues the job; throws 503 (the queue is full) or 429 (the account's share of it) with Retry-After. */
  submit(job: ScanJob, observer?: ScanObserver): Promise<ScanTicket>;
  /** Stops taking scans and lets the running ones finish. */
  close(): Promise<void>;
}

/** Slots of one kind of scan. */
export interface KindLimits {
  /** Scans of this kind that run at once (in this process, or in each worker process). */
  readonly concurrency: number;
  /** Of those, how many one account may hold at once, everywhere. */
  readonly perAccount: number;
}

export interface QueueLimits {
  readonly kinds: Readonly<Record<ScanKind, KindLimits>>;
  /** Scans of one kind that may wait for a slot; past it, 503 with Retry-After. */
  readonly maxQueued: number;
  /** Scans of one kind that one account may have waiting; past it, 429 with Retry-After. */
  readonly maxQueuedPerAccount: number;
}

export const QUEUE_FULL_RETRY_SECONDS = 15;

export function queueFull(kind: ScanKind, waiting: number): AppError {
  return new AppError('unavailable', `The ${KIND_LABELS[kind]} queue is full (${waiting} waiting, its limit); retry shortly`, {
    retryAfterSeconds: QUEUE_FULL_RETRY_SECONDS,
  });
}

export function accountQueueFull(kind: ScanKind, waiting: number): AppError {
  return new AppError('rate_limited', `This account already has ${waiting} ${KIND_LABELS[kind]}s waiting, its limit; retry when one has started`, {
    retryAfterSeconds: QUEUE_FULL_RETRY_SECONDS,
  });
}

export function shuttingDown(): AppError {
  return new AppError('unavailable', 'The service is shutting down; retry shortly', { retryAfterSeconds: 5 });
}
