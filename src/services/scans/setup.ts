/**
 * Turns configuration into a ScanService: the runner's settings, the queue's
 * bounds, and which queue (the embedded one, or Redis for `vigil worker`).
 */
import type { LookupFunction } from 'node:net';
import type { Config } from '../../config/index.js';
import type { Storage } from '../../adapters/storage/index.js';
import type { ApiScanSettings } from './api.js';
import type { ScanEngine } from '../../engine/runtime.js';
import type { GitHubScanSettings, PrivateScanRules } from './github.js';
import type { JobOutcome, ScanJob } from './jobs.js';
import type { ScanProgress } from './progress.js';
import { LocalScanQueue } from './queue/local.js';
import { RedisScanQueue } from './queue/redis.js';
import { TokenSeal } from './seal.js';
import { ScanWorkers } from './worker.js';
import { WebhookService, webhookSettings } from '../webhooks/service.js';
import type { QueueLimits } from './queue/types.js';
import { ScanRunner, type ScanLogger } from './runner.js';
import { ApiScanThread, type ApiScanExecutor } from './api-thread.js';
import { ScanService } from './service.js';
import type { VerifySecrets } from '../../engine/verification.js';
import { DatabaseScanStore, NO_STORE, type ScanStore } from './store.js';

export interface RunnerSettings {
  readonly github: GitHubScanSettings;
  readonly api: ApiScanSettings;
  readonly privateScans: PrivateScanRules;
}

export function runnerSettings(config: Config, userAgent: string, lookup?: LookupFunction): RunnerSettings {
  return {
    github: {
      githubApiUrl: config.githubApiUrl,
      userAgent,
      sourceLimits: config.sourceLimits,
      archiveMemoryBytes: config.archiveMemoryBytes,
      retries: config.githubRetries,
      ...(config.githubToken ? { defaultToken: config.githubToken } : {}),
      historyLimits: config.historyLimits,
      ...(config.githubGitUrl ? { githubGitUrl: config.githubGitUrl } : {}),
    },
    api: {
      allowCidrs: config.scanApiAllowCidrs,
      timeoutMs: config.apiScanTimeoutMs,
      probeTimeoutMs: config.apiProbeTimeoutMs,
      ...(lookup ? { lookup } : {}),
    },
    privateScans: { policy: config.githubTokenPrivateScans, ownerEmail: config.ownerEmail },
  };
}

/** One scan at a time, nothing stored: a command-line scan. */
export const SINGLE_SCAN: QueueLimits = Object.freeze({
  kinds: { github: { concurrency: 1, perAccount: 1 }, api: { concurrency: 1, perAccount: 1 } },
  maxQueued: 1,
  maxQueuedPerAccount: 1,
});

export function queueLimits(config: Config): QueueLimits {
  return {
    kinds: {
      github: { concurrency: config.maxConcurrentScans, perAccount: config.scansPerAccount },
      api: { concurrency: config.maxConcurrentApiScans, perAccount: config.apiScansPerAccount },
    },
    maxQueued: config.maxQueuedScans,
    maxQueuedPerAccount: config.maxQueuedScansPerAccount,
  };
}

export interface ScanServiceSetup {
  readonly config: Config;
  readonly engine: ScanEngine;
  readonly userAgent: string;
  /** Where results and states are stored; absent in the CLI (nothing is stored). */
  readonly storage?: Storage;
  readonly progress?: ScanProgress;
  readonly lookup?: LookupFunction;
  readonly log?: ScanLogger;
  /** Called when a scan of an account has ended (webhook events). */
  readonly onFinished?: (job: ScanJob, outcome: JobOutcome) => Promise<void>;
  /** Bounds other than the configured ones (the CLI runs one scan). */
  readonly limits?: QueueLimits;
  /** How long a synchronous submitter waits; VIGIL_SCAN_WAIT_MS by default. */
  readonly waitMs?: number;
  /** Closed with the service. */
  readonly onClose?: () => Promise<void>;
  /** Secret validity checks for `"verify": true` (src/verify); without one, verify is refused. */
  readonly verifier?: VerifySecrets;
  /** The service: API scans run on a thread of their own (api-thread.ts), not on the event loop. */
  readonly apiScanThread?: boolean;
  /** Start the API scan thread now rather than with the first API scan (a service at start: see AppDeps.warmScanThreads). */
  readonly warmApiScanThread?: boolean;
  /** See ScanRunnerDeps.afterScan. */
  readonly afterScan?: () => void;
}

/** What runs scans in this process (the embedded queue, or a worker). */
export function createScanRunner(setup: ScanServiceSetup, apiScans?: ApiScanExecutor): { runner: ScanRunner; store: ScanStore } {
  const store: ScanStore = setup.storage ? new DatabaseScanStore(setup.storage) : NO_STORE;
  const runner = new ScanRunner({
    ...(apiScans ? { apiScans } : {}),
    engine: setup.engine,
    ...runnerSettings(setup.config, setup.userAgent, setup.lookup),
    store,
    ...(setup.log ? { log: setup.log } : {}),
    ...(setup.onFinished ? { onFinished: setup.onFinished } : {}),
    ...(setup.verifier ? { verifier: setup.verifier } : {}),
    ...(setup.afterScan ? { afterScan: setup.afterScan } : {}),
  });
  return { runner, store };
}

/** The embedded queue: scans run in this process. */
export function createLocalScanService(setup: ScanServiceSetup): ScanService {
  const apiScans = setup.apiScanThread ? new ApiScanThread() : undefined;
  if (setup.warmApiScanThread === true) apiScans?.warm();
  const { runner, store } = createScanRunner(setup, apiScans);
  // The queue has let running scans finish by then.
  const onClose = async (): Promise<void> => {
    await apiScans?.close();
    await setup.onClose?.();
  };
  const queue = new LocalScanQueue({
    ...(setup.limits ?? queueLimits(setup.config)),
    run: runner.run,
    onDropped: async (job, failure) => {
      if (job.account !== undefined && job.async) await store.failed(job, failure, new Date());
    },
  });
  return new ScanService({
    queue,
    store,
    waitMs: setup.waitMs ?? setup.config.scanWaitMs,
    githubApiUrl: setup.config.githubApiUrl,
    ...(setup.progress ? { progress: setup.progress } : {}),
    onClose,
  });
}

/** Redis: this process enqueues and waits; `vigil worker` processes run the scans. */
export function createRedisScanService(setup: ScanServiceSetup & { readonly storage: Storage; readonly secret: string }): ScanService {
  const { config } = setup;
  if (config.redisUrl === undefined) throw new Error('the Redis scan queue needs REDIS_URL');
  const queue = new RedisScanQueue({ url: config.redisUrl, prefix: config.queuePrefix, limits: setup.limits ?? queueLimits(config), seal: new TokenSeal(setup.secret) });
  return new ScanService({
    queue,
    store: new DatabaseScanStore(setup.storage),
    waitMs: setup.waitMs ?? config.scanWaitMs,
    githubApiUrl: config.githubApiUrl,
    ...(setup.progress ? { progress: setup.progress } : {}),
    ...(setup.onClose ? { onClose: setup.onClose } : {}),
  });
}

/** A worker process's consumers, started. */
export async function startScanWorkers(setup: ScanServiceSetup & { readonly storage: Storage; readonly secret: string; readonly log: ScanLogger }): Promise<ScanWorkers> {
  const { config } = setup;
  if (config.redisUrl === undefined) throw new Error('vigil worker needs REDIS_URL');
  const seal = new TokenSeal(setup.secret);
  // Workers deliver the webhook events of the scans they run.
  const webhooks = new WebhookService(setup.storage, seal, webhookSettings(config), setup.log);
  webhooks.start();
  const { runner } = createScanRunner({ ...setup, onFinished: setup.onFinished ?? webhooks.record });
  const workers = new ScanWorkers({
    url: config.redisUrl,
    prefix: config.queuePrefix,
    limits: setup.limits ?? queueLimits(config),
    lockMs: config.workerLockMs,
    seal,
    run: runner.run,
    log: setup.log,
    onClose: () => webhooks.close(),
  });
  await workers.start();
  return workers;
}
