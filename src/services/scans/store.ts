/**
 * Where scan results and the states of asynchronous scans are kept: the
 * `scans` table, written by whichever process runs the scan (the API process
 * with the embedded queue, a `vigil worker` with Redis). A scan that is not
 * finished is stored in the shape of a scan response with what is known so
 * far, so GET /v1/scans/{id} answers one shape whatever the state.
 */
import { ERROR_STATUS } from '../../core/errors.js';
import type { ScanState } from '../../core/wire/scans.js';
import type { ScanResponse } from '../../outputs/scan-response.js';
import { ScansRepository, type Storage } from '../../adapters/storage/index.js';
import type { ScanFailure, ScanJob } from './jobs.js';

export type ScanStatus = 'queued' | 'running' | 'completed' | 'failed';

/**
 * A scan that has not completed, as GET /v1/scans/{id} shows it: a ScanState (the wire schema)
 * with no findings yet; `completed_at` is when it failed, null while queued or running, and
 * `error` says why it failed (the status and detail a synchronous request would have answered).
 */
export type PendingScanView = Omit<ScanState, 'status' | 'warnings' | 'stats'> & {
  status: Exclude<ScanStatus, 'completed'>;
  warnings: string[];
  stats: Record<string, unknown>;
};

/** What a pending view is about: a job, or a stored row. */
export interface ScanSubject {
  readonly scanId: string;
  readonly kind: 'github' | 'api';
  readonly target: string;
}

export function subjectOf(job: ScanJob): ScanSubject {
  return { scanId: job.scanId, kind: job.request.kind, target: job.target };
}

export function pendingView(subject: ScanSubject, status: PendingScanView['status'], startedAt: Date, failure?: { error: ScanFailure; at: Date }): PendingScanView {
  return {
    scan_id: subject.scanId,
    status,
    target_type: subject.kind,
    target: subject.target,
    started_at: startedAt.toISOString(),
    completed_at: failure ? failure.at.toISOString() : null,
    finding_count: 0,
    findings: [],
    warnings: [],
    stats: {},
    ...(failure ? { error: { status: ERROR_STATUS[failure.error.code], detail: failure.error.detail } } : {}),
  };
}

export interface ScanStore {
  /** The row of an asynchronous scan, status queued, written before it is enqueued. */
  queued(job: ScanJob): Promise<void>;
  /** Removes the row of a scan that could not be enqueued. */
  discard(job: ScanJob): Promise<void>;
  running(job: ScanJob, startedAt: Date): Promise<void>;
  completed(job: ScanJob, result: ScanResponse): Promise<void>;
  failed(job: ScanJob, failure: ScanFailure, at: Date): Promise<void>;
  /** The stored result of a completed scan (when the worker ran in another process). */
  result(job: ScanJob): Promise<ScanResponse | undefined>;
}

/** For scans of no account (the CLI): nothing is kept. */
export const NO_STORE: ScanStore = {
  queued: () => Promise.resolve(),
  discard: () => Promise.resolve(),
  running: () => Promise.resolve(),
  completed: () => Promise.resolve(),
  failed: () => Promise.resolve(),
  result: () => Promise.resolve(undefined),
};

export class DatabaseScanStore implements ScanStore {
  constructor(private readonly storage: Storage) {}

  private get scans(): ScansRepository {
    return new ScansRepository(this.storage.db);
  }

  async queued(job: ScanJob): Promise<void> {
    const account = requireAccount(job);
    const submitted = new Date(job.submittedAt);
    await this.scans.insert({
      id: job.scanId,
      accountId: account,
      targetType: job.request.kind,
      target: job.target,
      status: 'queued',
      startedAt: submitted,
      completedAt: null,
      findingCount: 0,
      result: pendingView(subjectOf(job), 'queued', submitted),
    });
  }

  discard(job: ScanJob): Promise<void> {
    return this.scans.delete(job.scanId);
  }

  async running(job: ScanJob, startedAt: Date): Promise<void> {
    await this.scans.advance(job.scanId, { status: 'running', startedAt, result: pendingView(subjectOf(job), 'running', startedAt) });
  }

  async completed(job: ScanJob, result: ScanResponse): Promise<void> {
    await this.scans.save({
      id: job.scanId,
      accountId: requireAccount(job),
      targetType: job.request.kind,
      target: result.target,
      status: result.status,
      startedAt: new Date(result.started_at),
      completedAt: new Date(result.completed_at),
      findingCount: result.finding_count,
      result,
    });
  }

  async failed(job: ScanJob, failure: ScanFailure, at: Date): Promise<void> {
    const stored = await this.scans.get(requireAccount(job), job.scanId);
    const startedAt = stored?.startedAt ?? new Date(job.submittedAt);
    await this.scans.advance(job.scanId, { status: 'failed', completedAt: at, result: pendingView(subjectOf(job), 'failed', startedAt, { error: failure, at }) });
  }

  async result(job: ScanJob): Promise<ScanResponse | undefined> {
    const stored = await this.scans.get(requireAccount(job), job.scanId);
    return stored?.status === 'completed' ? (stored.result as ScanResponse) : undefined;
  }
}

function requireAccount(job: ScanJob): string {
  if (job.account === undefined) throw new Error(`scan ${job.scanId} has no account to be stored under`);
  return job.account.id;
}

/**
 * A stored scan of an account, its result read back as the ScanState this service wrote
 * (a ScanResponse, or a PendingScanView while it has not completed); undefined when the
 * account has no such scan.
 */
export async function findScan(storage: Storage, accountId: string, scanId: string): Promise<{ readonly status: string; readonly state: ScanState } | undefined> {
  const scan = await new ScansRepository(storage.db).get(accountId, scanId);
  return scan && { status: scan.status, state: scan.result as ScanState };
}
