/**
 * The one way scans are run, by the API routes and the CLI alike: a scan is
 * checked, submitted to the scan queue as a job, run by whichever process
 * takes it (ScanRunner stores its states and result), and its submitter
 * either waits for the result (the specification's synchronous contract, up
 * to a time limit) or gets its id at once (asynchronous scans).
 */
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { parseTargetUrl } from '../../adapters/net/index.js';
import type { ScanResponse } from '../../outputs/scan-response.js';
import { parseRepository } from '../../adapters/sources/github/repository-ref.js';
import { errorOf, type GitHubScanRequest, type ScanAccount, type ScanJob, type ScanProgressEvent, type ScanRequest } from './jobs.js';
import type { ScanProgress } from './progress.js';
import type { ScanQueue } from './queue/types.js';
import type { ScanStore } from './store.js';

export interface ScanServiceOptions {
  readonly queue: ScanQueue;
  readonly store: ScanStore;
  /** Progress of synchronous scans that named an X-Vigil-Progress-Id. */
  readonly progress?: ScanProgress;
  /** How long a synchronous submitter waits for the result before the scan is cancelled (503). */
  readonly waitMs: number;
  /** GitHub's API address: repository URLs on its host are accepted as well as github.com's. */
  readonly githubApiUrl: string;
  /** Runs when the service closes, after the queue (the runner's pool, the Redis connections). */
  readonly onClose?: () => Promise<void>;
}

export interface ScanInput {
  /** Absent for the CLI. */
  readonly account?: ScanAccount;
  readonly request: ScanRequest;
}

export interface WaitOptions {
  /** Aborted when the submitter goes away (the client hung up): the scan is cancelled. */
  readonly signal?: AbortSignal;
  /** X-Vigil-Progress-Id: the scan's stages are kept under it for GET /v1/scans/progress/{id}. */
  readonly progressId?: string;
  /** Called when a worker has taken the scan and starts work on the account's behalf (it then counts in the quota whatever happens). */
  readonly onStarted?: () => void;
  readonly onProgress?: (event: ScanProgressEvent) => void;
}

export interface QueuedScan {
  readonly scan_id: string;
  readonly status: 'queued';
}

export const WAIT_TIMEOUT_RETRY_SECONDS = 30;

export class ScanService {
  private closed: Promise<void> | undefined;

  constructor(private readonly options: ScanServiceOptions) {}

  get queueName(): ScanQueue['name'] {
    return this.options.queue.name;
  }

  /** Runs a scan and answers its result: the synchronous contract of POST /v1/scan/*. */
  async run(input: ScanInput, wait: WaitOptions = {}): Promise<ScanResponse> {
    const job = this.job(input, false);
    const { account } = input;
    const progress = wait.progressId !== undefined && account !== undefined ? this.options.progress?.start(account.id, wait.progressId) : undefined;
    let ticket;
    try {
      ticket = await this.options.queue.submit(job, {
        onProgress: (event) => {
          if (event.stage === 'started') wait.onStarted?.();
          else progress?.update(event.stage, event.filesDone, event.filesTotal);
          wait.onProgress?.(event);
        },
      });
    } catch (error) {
      progress?.fail();
      throw error;
    }
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      void ticket.cancel(`it did not finish within ${this.waitSeconds} s`);
    }, this.options.waitMs);
    const onAbort = () => void ticket.cancel('the client disconnected');
    wait.signal?.addEventListener('abort', onAbort, { once: true });
    if (wait.signal?.aborted) onAbort();
    try {
      const outcome = await ticket.done;
      if (!outcome.ok) {
        if (timedOut) {
          throw new AppError(
            'unavailable',
            `Scan not finished within ${this.waitSeconds} s, the longest a request waits, and cancelled; retry later, or submit it asynchronously (header Prefer: respond-async) and fetch GET /v1/scans/{scan_id}`,
            { retryAfterSeconds: WAIT_TIMEOUT_RETRY_SECONDS },
          );
        }
        throw errorOf(outcome.error);
      }
      const result = outcome.result ?? (await this.options.store.result(job));
      if (result === undefined) throw new AppError('internal', `Scan failed: the result of scan ${job.scanId} is not in storage; retry`);
      progress?.update('done');
      return result;
    } catch (error) {
      progress?.fail();
      throw error;
    } finally {
      clearTimeout(timer);
      wait.signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Queues a scan and answers at once; its stored row shows queued → running → completed | failed. */
  async submit(input: ScanInput): Promise<QueuedScan> {
    if (input.account === undefined) throw new Error('an asynchronous scan belongs to an account');
    const job = this.job(input, true);
    await this.options.store.queued(job);
    try {
      const ticket = await this.options.queue.submit(job);
      // Nobody waits: the runner stores the outcome.
      void ticket.done;
    } catch (error) {
      await this.options.store.discard(job).catch(() => undefined);
      throw error;
    }
    return { scan_id: job.scanId, status: 'queued' };
  }

  close(): Promise<void> {
    this.closed ??= (async () => {
      try {
        await this.options.queue.close();
      } finally {
        await this.options.onClose?.();
      }
    })();
    return this.closed;
  }

  private get waitSeconds(): number {
    return Math.round(this.options.waitMs / 100) / 10;
  }

  /** Checks what can be checked before queuing (400 at once) and builds the job. */
  private job(input: ScanInput, async: boolean): ScanJob {
    const { request } = input;
    let target: string;
    if (request.kind === 'api') {
      target = request.url.trim();
      parseTargetUrl(target);
    } else {
      const parsed = parseRepository(request.repository, { githubApiUrl: this.options.githubApiUrl });
      target = `${parsed.owner}/${parsed.repo}`;
    }
    return {
      scanId: newId(),
      ...(input.account ? { account: input.account } : {}),
      request: request.kind === 'github' ? withTrimmedToken(request) : request,
      async,
      target,
      submittedAt: new Date().toISOString(),
    };
  }
}

/** A blank token is no token: the server's own is used then. */
function withTrimmedToken(request: GitHubScanRequest): GitHubScanRequest {
  const token = request.token?.trim();
  const copy: { -readonly [K in keyof GitHubScanRequest]: GitHubScanRequest[K] } = { ...request };
  delete copy.token;
  if (token) copy.token = token;
  return copy;
}
