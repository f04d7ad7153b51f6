/**
 * `vigil worker`: takes scan jobs from Redis and runs them (ScanRunner stores
 * states and results in the shared database). Any number of workers on any
 * number of machines may run. A worker killed mid-scan stops renewing its
 * job's lock; BullMQ's stalled-job check then gives the job to another worker
 * (at most MAX_STALLED times). On SIGTERM a worker takes no new job and lets
 * the running ones finish.
 */
import { DelayedError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { SCAN_KINDS, type JobOutcome, type ScanKind, type ScanProgressEvent } from './jobs.js';
import { bullConnection, cancelChannel, fromWire, MAX_STALLED, pendingKey, queueName, runningKey, type WireJob } from './queue/redis.js';
import type { QueueLimits } from './queue/types.js';
import type { JobRunner, ScanLogger } from './runner.js';
import type { TokenSeal } from './seal.js';

export interface ScanWorkerSettings {
  readonly url: string;
  readonly prefix: string;
  readonly limits: QueueLimits;
  /** How long a job's lock lasts without renewal: a killed worker's job is taken over after about this long. */
  readonly lockMs: number;
  readonly seal: TokenSeal;
  readonly run: JobRunner;
  readonly log: ScanLogger;
  /** Closed after the workers (the webhook dispatcher). */
  readonly onClose?: () => Promise<void>;
}

// Takes a slot of the account's share unless it is full; a job that already holds one renews it.
const LEASE_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZSCORE', KEYS[1], ARGV[4]) then
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
  return 1
end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
`;

/** A job of an account at its share goes back to wait this long (plus jitter). */
const SHARE_RETRY_MS = 500;
/** At most one progress update per job in this time, besides stage changes. */
const PROGRESS_EVERY_MS = 250;

export class ScanWorkers {
  private readonly redis: Redis;
  private readonly subscriber: Redis;
  private readonly workers: Worker[] = [];
  private readonly connections: Redis[] = [];
  private closed: Promise<void> | undefined;

  constructor(private readonly settings: ScanWorkerSettings) {
    this.redis = this.connect();
    this.subscriber = this.connect();
  }

  private connect(): Redis {
    const redis = bullConnection(this.settings.url);
    this.connections.push(redis);
    return redis;
  }

  async start(): Promise<void> {
    const { settings } = this;
    await this.subscriber.subscribe(cancelChannel(settings.prefix));
    this.subscriber.on('message', (_channel: string, message: string) => {
      try {
        const { jobId, reason } = JSON.parse(message) as { jobId: string; reason: string };
        for (const worker of this.workers) worker.cancelJob(jobId, reason);
      } catch {
        // not ours
      }
    });
    for (const kind of SCAN_KINDS) {
      const worker = new Worker(queueName(kind), (job: Job, token?: string, signal?: AbortSignal) => this.process(kind, job, token, signal), {
        connection: this.connect(),
        prefix: settings.prefix,
        concurrency: settings.limits.kinds[kind].concurrency,
        lockDuration: settings.lockMs,
        stalledInterval: Math.max(500, Math.floor(settings.lockMs / 2)),
        maxStalledCount: MAX_STALLED,
        removeOnComplete: { age: 3600, count: 10_000 },
        removeOnFail: { age: 86_400, count: 10_000 },
      });
      worker.on('error', (error) => settings.log.warn({ err: error, kind }, 'scan worker: queue error'));
      worker.on('stalled', (jobId) => settings.log.warn({ scanId: jobId, kind }, 'scan job stalled (its worker stopped); it runs again'));
      this.workers.push(worker);
    }
    await Promise.all(this.workers.map((worker) => worker.waitUntilReady()));
  }

  private async process(kind: ScanKind, job: Job, token: string | undefined, signal: AbortSignal | undefined): Promise<JobOutcome> {
    const { settings } = this;
    const wire = job.data as WireJob;
    const scanJob = fromWire(wire, settings.seal);
    const jobId = job.id ?? scanJob.scanId;
    const account = scanJob.account?.id;
    const lease = account === undefined ? undefined : runningKey(settings.prefix, kind, account);
    const take = () =>
      this.redis.eval(LEASE_SCRIPT, 1, lease ?? '', String(Date.now()), String(Date.now() + settings.lockMs), String(settings.limits.kinds[kind].perAccount), jobId, String(settings.lockMs * 4));
    if (lease !== undefined && account !== undefined) {
      if ((await take()) !== 1) {
        // The account runs its share elsewhere: back to wait, so other accounts' jobs go first.
        await job.moveToDelayed(Date.now() + SHARE_RETRY_MS + Math.floor(Math.random() * SHARE_RETRY_MS), token);
        throw new DelayedError();
      }
      await this.redis.srem(pendingKey(settings.prefix, kind, account), jobId);
    }
    const renew = lease === undefined ? undefined : setInterval(() => void take().catch(() => undefined), Math.max(200, Math.floor(settings.lockMs / 3)));
    let lastStage: string | undefined;
    let lastSent = 0;
    const onProgress = (event: ScanProgressEvent) => {
      const now = Date.now();
      if (event.stage === lastStage && now - lastSent < PROGRESS_EVERY_MS) return;
      lastStage = event.stage;
      lastSent = now;
      void job.updateProgress({ ...event }).catch(() => undefined);
    };
    try {
      const outcome = await settings.run(scanJob, { ...(signal ? { signal } : {}), onProgress });
      // The result is in the database; Redis carries only whether it worked.
      return outcome.ok ? { ok: true } : outcome;
    } finally {
      if (renew) clearInterval(renew);
      if (lease !== undefined) await this.redis.zrem(lease, jobId).catch(() => undefined);
    }
  }

  /** Takes no new job and waits for the running ones; with `force`, leaves them to stall (another worker takes them over). */
  close(force = false): Promise<void> {
    this.closed ??= (async () => {
      await Promise.allSettled(this.workers.map((worker) => worker.close(force)));
      await this.settings.onClose?.().catch(() => undefined);
      await Promise.allSettled(this.connections.map((redis) => redis.quit().catch(() => redis.disconnect())));
    })();
    return this.closed;
  }
}
