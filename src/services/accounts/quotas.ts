import { Redis } from 'ioredis';
import { AppError } from '../../core/errors.js';
import type { PlanLimits, QuotaBucket } from './plans.js';

/**
 * Hourly quotas. Windows are clock hours in UTC (12:00:00–12:59:59), so "this
 * hour's usage" means the same thing to every process and to the user. Counters
 * are keyed by account, never by key, so rotating a key does not reset them.
 */
export const WINDOW_SECONDS = 3600;

export interface QuotaDecision {
  readonly allowed: boolean;
  /** The plan's limit for the bucket; null = unlimited. */
  readonly limit: number | null;
  /** Requests counted in this window, this one included when allowed. */
  readonly used: number;
  readonly remaining: number | null;
  /** Unix time (seconds) when the window ends. */
  readonly resetAt: number;
}

export interface QuotaStore {
  /** Atomically counts one request unless that would exceed the limit (null = no limit). */
  consume(key: string, limit: number | null, windowEndsAt: number): Promise<{ allowed: boolean; used: number }>;
  /** Gives back one counted request (for example when the upstream failed before answering). */
  release(key: string): Promise<void>;
  usage(key: string): Promise<number>;
  close(): Promise<void>;
}

export function windowStart(nowMs: number): number {
  return Math.floor(nowMs / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
}

export function quotaKey(bucket: QuotaBucket, accountId: string, nowMs: number): string {
  return `vigil:quota:${bucket}:${accountId}:${windowStart(nowMs)}`;
}

export class Quotas {
  constructor(
    private readonly store: QuotaStore,
    private readonly now: () => number = Date.now,
  ) {}

  async consume(bucket: QuotaBucket, accountId: string, limits: PlanLimits): Promise<QuotaDecision & { key: string }> {
    const nowMs = this.now();
    const key = quotaKey(bucket, accountId, nowMs);
    const resetAt = windowStart(nowMs) + WINDOW_SECONDS;
    const limit = limits[bucket];
    const { allowed, used } = await this.store.consume(key, limit, resetAt).catch(storeUnavailable);
    return { key, allowed, limit, used, remaining: limit === null ? null : Math.max(0, limit - used), resetAt };
  }

  release(key: string): Promise<void> {
    return this.store.release(key);
  }

  async usage(accountId: string, buckets: readonly QuotaBucket[]): Promise<Record<QuotaBucket, number>> {
    const nowMs = this.now();
    const entries = await Promise.all(
      buckets.map(async (b) => [b, await this.store.usage(quotaKey(b, accountId, nowMs)).catch(storeUnavailable)] as const),
    );
    return Object.fromEntries(entries) as Record<QuotaBucket, number>;
  }

  /**
   * A fixed-window counter outside the plan buckets (sign-in attempts), in the
   * same store: `limit` per `windowSeconds`, windows aligned to the epoch.
   */
  async consumeWindow(name: string, limit: number, windowSeconds: number): Promise<{ allowed: boolean; resetAt: number }> {
    const nowSeconds = Math.floor(this.now() / 1000);
    const start = Math.floor(nowSeconds / windowSeconds) * windowSeconds;
    const resetAt = start + windowSeconds;
    const { allowed } = await this.store.consume(`vigil:limit:${name}:${start}`, limit, resetAt).catch(storeUnavailable);
    return { allowed, resetAt };
  }

  resetAt(): number {
    return windowStart(this.now()) + WINDOW_SECONDS;
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

function storeUnavailable(cause: unknown): never {
  throw new AppError('unavailable', 'Quota store unavailable; retry shortly', { retryAfterSeconds: 5, cause });
}

/** In-process counters; right for a single service process. */
export class MemoryQuotaStore implements QuotaStore {
  private readonly counters = new Map<string, { count: number; expiresAt: number }>();
  private nextSweepAt = 0;
  constructor(private readonly now: () => number = Date.now) {}

  consume(key: string, limit: number | null, windowEndsAt: number): Promise<{ allowed: boolean; used: number }> {
    this.sweep();
    const entry = this.counters.get(key) ?? { count: 0, expiresAt: windowEndsAt };
    if (limit !== null && entry.count >= limit) return Promise.resolve({ allowed: false, used: entry.count });
    entry.count += 1;
    this.counters.set(key, entry);
    return Promise.resolve({ allowed: true, used: entry.count });
  }

  release(key: string): Promise<void> {
    const entry = this.counters.get(key);
    if (entry && entry.count > 0) entry.count -= 1;
    return Promise.resolve();
  }

  usage(key: string): Promise<number> {
    return Promise.resolve(this.counters.get(key)?.count ?? 0);
  }

  close(): Promise<void> {
    this.counters.clear();
    return Promise.resolve();
  }

  /** Drops finished windows, at most once a minute, so the hot path stays O(1). */
  private sweep(): void {
    const nowSeconds = this.now() / 1000;
    if (nowSeconds < this.nextSweepAt) return;
    this.nextSweepAt = nowSeconds + 60;
    for (const [key, entry] of this.counters) if (entry.expiresAt <= nowSeconds) this.counters.delete(key);
  }
}

// Increment only while under the limit, in one server-side step, so concurrent
// requests from any number of service processes can never overshoot.
const CONSUME_SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local limit = tonumber(ARGV[1])
if limit >= 0 and current >= limit then return {0, current} end
current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('EXPIREAT', KEYS[1], ARGV[2]) end
return {1, current}
`;

const RELEASE_SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current > 0 then return redis.call('DECR', KEYS[1]) end
return 0
`;

/** How long one Redis command may take before the request gets 503; see connectRedis. */
export const REDIS_COMMAND_TIMEOUT_MS = 2_000;

/**
 * A Redis client for counters: every command has a deadline, and nothing
 * waits in an offline queue longer than that. A server that accepts
 * connections but stops answering is thus a quick 503, not a hang.
 */
export function connectRedis(url: string, options: { commandTimeoutMs?: number } = {}): Redis {
  const redis = new Redis(url, {
    commandTimeout: options.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 5_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  redis.on('error', () => undefined); // reported per request as 503; ioredis reconnects by itself
  return redis;
}

/** Counters shared by every service process through Redis. */
export class RedisQuotaStore implements QuotaStore {
  constructor(private readonly redis: Redis) {}

  async consume(key: string, limit: number | null, windowEndsAt: number): Promise<{ allowed: boolean; used: number }> {
    // A little grace past the window so clocks that differ slightly between processes agree.
    const expireAt = windowEndsAt + 60;
    const [allowed, used] = (await this.command(() => this.redis.eval(CONSUME_SCRIPT, 1, key, String(limit ?? -1), String(expireAt)))) as [number, number];
    return { allowed: allowed === 1, used };
  }

  async release(key: string): Promise<void> {
    await this.command(() => this.redis.eval(RELEASE_SCRIPT, 1, key));
  }

  async usage(key: string): Promise<number> {
    return Number((await this.command(() => this.redis.get(key))) ?? 0);
  }

  /**
   * A command that timed out leaves the connection behind a request that may
   * never be answered; the connection is dropped and opened afresh, so the
   * commands after it do not queue behind a dead one once Redis is back.
   */
  private async command<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof Error && /timed out/i.test(error.message)) this.redis.disconnect(true);
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
