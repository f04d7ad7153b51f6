/**
 * Runs one scan job from start to end wherever the queue hands it over (the
 * API process with the embedded queue, a `vigil worker` with Redis): the scan
 * itself, then its stored states and result. It never throws: every ending is
 * an outcome, so a queue only has to carry it back.
 */
import { AppError } from '../../core/errors.js';
import type { ScanResponse } from '../../outputs/scan-response.js';
import type { ApiScanSettings } from './api.js';
import { inlineApiScans, type ApiScanExecutor } from './api-thread.js';
import type { ScanEngine } from '../../engine/runtime.js';
import { admitPrivateRepository, scanGitHubRepository, type GitHubScanSettings, type PrivateScanRules } from './github.js';
import { failureOf, type ScanFailure, type ScanJob, type JobOutcome, type ScanProgressEvent } from './jobs.js';
import type { ScanStore } from './store.js';
import type { VerifySecrets } from '../../engine/verification.js';

/** The part of a pino logger the scan layer uses. */
export interface ScanLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export const SILENT_LOGGER: ScanLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface ScanRunnerDeps {
  readonly engine: ScanEngine;
  readonly github: GitHubScanSettings;
  readonly api: ApiScanSettings;
  readonly privateScans: PrivateScanRules;
  readonly store: ScanStore;
  readonly log?: ScanLogger;
  /** Called once a scan of an account has ended and its outcome is stored (webhook events). */
  readonly onFinished?: (job: ScanJob, outcome: JobOutcome) => Promise<void>;
  /** Checks found secrets with their providers when a request asks (`verify`). */
  readonly verifier?: VerifySecrets;
  /** Where API scans run: the service's API scan thread, or (default) the calling thread. */
  readonly apiScans?: ApiScanExecutor;
  /** Called at the end of every job, whatever its outcome (a long-running process's heap trimming: src/core/heap-trim.ts). */
  readonly afterScan?: () => void;
}

export interface RunContext {
  readonly signal?: AbortSignal;
  readonly onProgress?: (event: ScanProgressEvent) => void;
}

export type JobRunner = (job: ScanJob, context: RunContext) => Promise<JobOutcome>;

export class ScanRunner {
  private readonly log: ScanLogger;
  constructor(private readonly deps: ScanRunnerDeps) {
    this.log = deps.log ?? SILENT_LOGGER;
  }

  /** As a JobRunner for a queue. */
  readonly run: JobRunner = async (job, context) => {
    const { store } = this.deps;
    const stored = job.account !== undefined;
    context.onProgress?.({ stage: 'started' });
    let outcome: JobOutcome;
    try {
      if (stored && job.async) await store.running(job, new Date());
      const result = await this.scan(job, context);
      if (stored) await store.completed(job, result);
      outcome = { ok: true, result };
    } catch (error) {
      const failure = this.failure(job, error, context.signal);
      outcome = { ok: false, error: failure, workStarted: true };
      if (stored && job.async) {
        await store.failed(job, failure, new Date()).catch((cause: unknown) => this.log.error({ err: cause, scanId: job.scanId }, 'could not store a failed scan'));
      }
    }
    if (stored && this.deps.onFinished) {
      await this.deps.onFinished(job, outcome).catch((cause: unknown) => this.log.error({ err: cause, scanId: job.scanId }, 'could not record scan events'));
    }
    this.deps.afterScan?.();
    return outcome;
  };

  private scan(job: ScanJob, context: RunContext): Promise<ScanResponse> {
    const { request } = job;
    const signal = context.signal ? { signal: context.signal } : {};
    if (request.kind === 'api') {
      return (this.deps.apiScans ?? inlineApiScans).scan(request.url, this.deps.api, {
        scanId: job.scanId,
        ...signal,
        ...(request.paths === undefined ? {} : { paths: request.paths }),
        ...(request.openapiUrl === undefined ? {} : { openapiUrl: request.openapiUrl }),
      });
    }
    const progress = context.onProgress;
    return scanGitHubRepository(
      {
        repository: request.repository,
        checkCves: request.checkCves,
        ...(request.ref ? { ref: request.ref } : {}),
        ...(request.token ? { token: request.token } : {}),
        ...(request.history ? { history: true, ...(request.since ? { since: request.since } : {}) } : {}),
        ...(request.verify && this.deps.verifier ? { verify: this.deps.verifier } : {}),
      },
      this.deps.github,
      this.deps.engine,
      {
        scanId: job.scanId,
        ...signal,
        ...(job.account ? { admit: admitPrivateRepository(job.account, this.deps.privateScans) } : {}),
        ...(progress
          ? {
              onProgress: (stage, filesDone, filesTotal) => {
                if (stage === 'done') return;
                progress({ stage, ...(filesDone === undefined ? {} : { filesDone }), ...(filesTotal === undefined ? {} : { filesTotal }) });
              },
            }
          : {}),
      },
    );
  }

  private failure(job: ScanJob, error: unknown, signal: AbortSignal | undefined): ScanFailure {
    if (signal?.aborted) {
      const reason: unknown = signal.reason;
      return { code: 'unavailable', detail: `Scan cancelled: ${reason instanceof Error ? reason.message : String(reason)}`, retryAfterSeconds: 15 };
    }
    const failure = failureOf(error);
    if (failure.code === 'internal') {
      const cause = error instanceof AppError && error.cause !== undefined ? error.cause : error;
      this.log.error({ err: cause, scanId: job.scanId, kind: job.request.kind }, 'scan failed');
    }
    return failure;
  }
}
