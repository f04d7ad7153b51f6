/**
 * A scan as a job: what is submitted to the scan queue, what a worker reports
 * while it runs, and what it answers. Everything here is plain JSON, so a job
 * can travel through Redis to a worker on another machine and back.
 */
import type { Plan } from '../accounts/plans.js';
import { AppError, ERROR_STATUS, isAppError, type ErrorCode } from '../../core/errors.js';
import type { ScanResponse } from '../../outputs/scan-response.js';

export const SCAN_KINDS = ['api', 'github'] as const;
/** Queues and slots are per kind: an API scan (a few short requests) never waits behind repository scans. */
export type ScanKind = (typeof SCAN_KINDS)[number];

export const KIND_LABELS: Readonly<Record<ScanKind, string>> = Object.freeze({ api: 'API scan', github: 'repository scan' });

export interface ApiScanRequest {
  readonly kind: 'api';
  readonly url: string;
  readonly paths?: readonly string[];
  /** An OpenAPI document whose GET operations are probed too. */
  readonly openapiUrl?: string;
}

export interface GitHubScanRequest {
  readonly kind: 'github';
  readonly repository: string;
  readonly ref?: string;
  /** The request's own GitHub token; sealed (src/services/scans/seal.ts) whenever the job leaves the process. */
  readonly token?: string;
  readonly checkCves: boolean;
  /** Scan the git history (secrets rules only) from a bare clone instead of the archive. */
  readonly history?: boolean;
  /** With history: only commits after this rev. */
  readonly since?: string;
  /** Check found secrets with their providers (the runner's verifier). */
  readonly verify?: boolean;
}

export type ScanRequest = ApiScanRequest | GitHubScanRequest;

/** The account a scan runs for, as much of it as a worker needs (private-repository rules). */
export interface ScanAccount {
  readonly id: string;
  readonly email: string;
  readonly plan: Plan;
}

export interface ScanJob {
  readonly scanId: string;
  /** Absent for the CLI, whose scans are neither stored nor held to an account's share. */
  readonly account?: ScanAccount;
  readonly request: ScanRequest;
  /** Submitted asynchronously: the scan's row exists from the start and shows queued → running → completed | failed. */
  readonly async: boolean;
  /** What the scan is of, as known at submission (owner/repo or the URL); the result may refine it. */
  readonly target: string;
  readonly submittedAt: string;
}

/** Where a running scan is; 'started' is sent once, when a worker takes the job. */
export type ScanStage = 'started' | 'downloading' | 'scanning';
export interface ScanProgressEvent {
  readonly stage: ScanStage;
  readonly filesDone?: number;
  readonly filesTotal?: number;
}

/** An error as it crosses a process boundary: the AppError's code, text and Retry-After. */
export interface ScanFailure {
  readonly code: ErrorCode;
  readonly detail: string;
  readonly retryAfterSeconds?: number;
}

export type JobOutcome =
  /** `result` is absent when the worker ran elsewhere: the stored scan is the result. */
  | { readonly ok: true; readonly result?: ScanResponse }
  /** `workStarted`: whether anything was done on the account's behalf (a download, a request to the target). */
  | { readonly ok: false; readonly error: ScanFailure; readonly workStarted: boolean };

export const UNEXPECTED_FAILURE = 'Scan failed: an unexpected error stopped the scan; retry, and report the request id if it persists';

export function failureOf(error: unknown): ScanFailure {
  if (isAppError(error)) {
    return { code: error.code, detail: error.detail, ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }) };
  }
  return { code: 'internal', detail: UNEXPECTED_FAILURE };
}

export function errorOf(failure: ScanFailure): AppError {
  const code: ErrorCode = Object.hasOwn(ERROR_STATUS, failure.code) ? failure.code : 'internal';
  return new AppError(code, failure.detail, failure.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: failure.retryAfterSeconds });
}
