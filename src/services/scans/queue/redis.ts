/**
 * The scan queue on Redis (BullMQ): API processes enqueue and wait, `vigil
 * worker` processes on any machine that reaches the same Redis and database
 * run the scans (src/services/scans/worker.ts). One BullMQ queue per kind, so API
 * scans never wait behind repository scans. Fairness between accounts: a
 * job's priority is 1 + the scans its account already has waiting (BullMQ
 * takes lower numbers first, oldest first among equals), and workers hold
 * each account to its share of running scans through a Redis lease.
 */
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { AppError } from '../../../core/errors.js';
import { SCAN_KINDS, type JobOutcome, type ScanJob, type ScanKind, type ScanProgressEvent } from '../jobs.js';
import type { TokenSeal } from '../seal.js';
import { accountQueueFull, queueFull, shuttingDown, type QueueLimits, type ScanObserver, type ScanQueue, type ScanTicket } from './types.js';

export interface RedisQueueSettings {
  readonly url: string;
  /** BullMQ's key prefix (VIGIL_QUEUE_PREFIX): installations sharing a Redis keep apart. */
  readonly prefix: string;
  readonly limits: QueueLimits;
  readonly seal: TokenSeal;
}

/** A job as it is stored in Redis: the request's token sealed. */
export type WireJob = Omit<ScanJob, 'request'> & { readonly request: Omit<ScanJob['request'], 'token'> & { readonly sealedToken?: string } };

export const queueName = (kind: ScanKind): string => `scans-${kind}`;
export const pendingKey = (prefix: string, kind: ScanKind, account: string): string => `${prefix}:vigil:pending:${kind}:${account}`;
export const runningKey = (prefix: string, kind: ScanKind, account: string): string => `${prefix}:vigil:running:${kind}:${account}`;
export const cancelChannel = (prefix: string): string => `${prefix}:vigil:cancel`;
/** How long finished jobs stay in Redis (their results are in the database). */
export const KEEP_FINISHED = { age: 3600, count: 10_000 } as const;
/** A worker killed mid-scan leaves its job stalled; another worker runs it again, at most this many times. */
export const MAX_STALLED = 2;

export function toWire(job: ScanJob, seal: TokenSeal): WireJob {
  if (job.request.kind !== 'github' || job.request.token === undefined) return job;
  const { token, ...request } = job.request;
  return { ...job, request: { ...request, sealedToken: seal.seal(token) } };
}

export function fromWire(wire: WireJob, seal: TokenSeal): ScanJob {
  const { request } = wire;
  if (!('sealedToken' in request) || typeof request.sealedToken !== 'string') return wire as ScanJob;
  const { sealedToken, ...rest } = request;
  return { ...wire, request: { ...(rest as ScanJob['request']), token: seal.open(sealedToken) } } as ScanJob;
}

/** A client for BullMQ: blocking commands must never give up (BullMQ's requirement). */
export function bullConnection(url: string): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: null, retryStrategy: (attempt) => Math.min(attempt * 200, 2_000) });
  redis.on('error', () => undefined);
  return redis;
}

function parsed<T>(value: unknown): T | undefined {
  if (typeof value !== 'string') return value as T | undefined;
  try {
    return JSON.parse(value) as T;
  } catch {
    return undefined;
  }
}

interface Waiting {
  readonly observer: ScanObserver | undefined;
  resolve(outcome: JobOutcome): void;
}

const WORKER_CHECK_MS = 5_000;

export class RedisScanQueue implements ScanQueue {
  readonly name = 'redis';
  private readonly redis: Redis;
  private readonly queues: Record<ScanKind, Queue>;
  private readonly events: Record<ScanKind, QueueEvents>;
  private readonly waiting = new Map<string, Waiting>();
  private readonly connections: Redis[] = [];
  private ready: Promise<void> | undefined;
  private closing = false;
  private workersSeen: { at: number; count: number } | undefined;

  constructor(private readonly settings: RedisQueueSettings) {
    this.redis = this.connect();
    const connection = this.redis;
    this.queues = Object.fromEntries(SCAN_KINDS.map((kind) => [kind, new Queue(queueName(kind), { connection, prefix: settings.prefix })])) as Record<ScanKind, Queue>;
    this.events = Object.fromEntries(
      SCAN_KINDS.map((kind) => [kind, new QueueEvents(queueName(kind), { connection: this.connect(), prefix: settings.prefix, autorun: false })]),
    ) as Record<ScanKind, QueueEvents>;
    for (const kind of SCAN_KINDS) {
      const events = this.events[kind];
      events.on('error', () => undefined);
      events.on('progress', ({ jobId, data }) => {
        const event = parsed<ScanProgressEvent>(data);
        if (event?.stage) this.waiting.get(jobId)?.observer?.onProgress?.(event);
      });
      events.on('completed', ({ jobId, returnvalue }) => {
        const outcome = parsed<JobOutcome>(returnvalue) ?? { ok: false, error: { code: 'internal', detail: 'Scan failed: its worker answered nothing; retry' }, workStarted: true };
        this.finish(jobId, outcome);
      });
      events.on('failed', ({ jobId, failedReason }) => {
        this.finish(jobId, {
          ok: false,
          error: { code: 'internal', detail: `Scan failed: ${/stalled/i.test(failedReason) ? 'its workers stopped while running it' : 'an unexpected error stopped the scan'}; retry` },
          workStarted: true,
        });
      });
    }
  }

  private connect(): Redis {
    const redis = bullConnection(this.settings.url);
    this.connections.push(redis);
    return redis;
  }

  /** Every QueueEvents reader is listening before the first job is added, so no ending is missed. */
  private start(): Promise<void> {
    this.ready ??= (async () => {
      for (const events of Object.values(this.events)) void events.run().catch(() => undefined);
      await Promise.all(Object.values(this.events).map((events) => events.waitUntilReady()));
      await Promise.all(Object.values(this.queues).map((queue) => queue.waitUntilReady()));
    })();
    return this.ready;
  }

  async submit(job: ScanJob, observer?: ScanObserver): Promise<ScanTicket> {
    if (this.closing) throw shuttingDown();
    await this.start().catch((cause: unknown) => {
      throw new AppError('unavailable', 'The scan queue (Redis) is unavailable; retry shortly', { retryAfterSeconds: 5, cause });
    });
    const kind = job.request.kind;
    const queue = this.queues[kind];
    if (!job.async && (await this.workerCount(queue)) === 0) {
      throw new AppError('unavailable', 'No scan worker is running: start `vigil worker` (npm run worker) beside the service; retry shortly', { retryAfterSeconds: 15 });
    }
    const counts = await queue.getJobCounts('waiting', 'prioritized', 'delayed');
    const waitingNow = Object.values(counts).reduce((sum, n) => sum + n, 0);
    if (waitingNow >= this.settings.limits.maxQueued) throw queueFull(kind, waitingNow);
    let priority = 1;
    const account = job.account?.id;
    if (account !== undefined) {
      const key = pendingKey(this.settings.prefix, kind, account);
      const mine = await this.redis.scard(key);
      if (mine >= this.settings.limits.maxQueuedPerAccount) throw accountQueueFull(kind, mine);
      await this.redis.multi().sadd(key, job.scanId).expire(key, 86_400).exec();
      priority = Math.min(1 + mine, 2_000_000);
    }
    let resolve!: (outcome: JobOutcome) => void;
    const done = new Promise<JobOutcome>((r) => (resolve = r));
    this.waiting.set(job.scanId, { observer, resolve });
    try {
      await queue.add(kind, toWire(job, this.settings.seal), { jobId: job.scanId, priority, removeOnComplete: KEEP_FINISHED, removeOnFail: KEEP_FINISHED });
    } catch (cause) {
      this.waiting.delete(job.scanId);
      if (account !== undefined) await this.redis.srem(pendingKey(this.settings.prefix, kind, account), job.scanId).catch(() => undefined);
      throw new AppError('unavailable', 'The scan queue (Redis) is unavailable; retry shortly', { retryAfterSeconds: 5, cause });
    }
    // An asynchronous scan's submitter does not wait: its ending is stored by the worker.
    if (job.async) this.waiting.delete(job.scanId);
    return { done, cancel: (reason) => this.cancel(job, reason) };
  }

  /** Out of the queue if it still waits; otherwise the worker that runs it is told to stop. */
  private async cancel(job: ScanJob, reason: string): Promise<void> {
    const kind = job.request.kind;
    try {
      const found = await this.queues[kind].getJob(job.scanId);
      if (found !== undefined && (await found.getState()) !== 'active') {
        await found.remove();
        if (job.account !== undefined) await this.redis.srem(pendingKey(this.settings.prefix, kind, job.account.id), job.scanId);
        this.finish(job.scanId, { ok: false, error: { code: 'unavailable', detail: `Scan cancelled before it started: ${reason}`, retryAfterSeconds: 15 }, workStarted: false });
        return;
      }
    } catch {
      // Taken by a worker meanwhile (its lock refuses the removal): tell it to stop.
    }
    await this.redis.publish(cancelChannel(this.settings.prefix), JSON.stringify({ jobId: job.scanId, reason })).catch(() => undefined);
  }

  private finish(jobId: string, outcome: JobOutcome): void {
    const waiting = this.waiting.get(jobId);
    if (waiting === undefined) return;
    this.waiting.delete(jobId);
    waiting.resolve(outcome);
  }

  /** Workers connected to this kind's queue, looked up at most every few seconds. */
  private async workerCount(queue: Queue): Promise<number> {
    const now = Date.now();
    if (this.workersSeen && this.workersSeen.count > 0 && now - this.workersSeen.at < WORKER_CHECK_MS) return this.workersSeen.count;
    try {
      const count = await queue.getWorkersCount();
      this.workersSeen = { at: now, count };
      return count;
    } catch {
      // CLIENT LIST may be disabled (managed Redis): assume workers run.
      return 1;
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const jobId of [...this.waiting.keys()]) {
      this.finish(jobId, { ok: false, error: { code: 'unavailable', detail: 'The service is shutting down; retry shortly', retryAfterSeconds: 5 }, workStarted: false });
    }
    await Promise.allSettled([...Object.values(this.events).map((e) => e.close()), ...Object.values(this.queues).map((q) => q.close())]);
    await Promise.allSettled(this.connections.map((redis) => redis.quit().catch(() => redis.disconnect())));
  }
}
