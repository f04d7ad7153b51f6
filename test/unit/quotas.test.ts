import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../src/services/accounts/plans.js';
import { MemoryQuotaStore, Quotas, quotaKey, RedisQuotaStore, windowStart } from '../../src/services/accounts/quotas.js';
import { TEST_REDIS_URL } from '../helpers/storage.js';

const HOUR = 3_600_000;

describe('hourly quota windows', () => {
  it('are UTC clock hours', () => {
    const t = Date.UTC(2026, 10, 22, 18, 42, 7);
    expect(windowStart(t)).toBe(Date.UTC(2026, 10, 22, 18) / 1000);
    expect(quotaKey('scans', 'acct', t)).not.toBe(quotaKey('scans', 'acct', t + HOUR));
  });

  it('allow the limit, refuse the next request, and open again in the next hour', async () => {
    let now = Date.UTC(2026, 10, 22, 18, 59, 0);
    const quotas = new Quotas(new MemoryQuotaStore(() => now), () => now);
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await quotas.consume('ai', 'a1', PLAN_LIMITS.free));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, true, false]);
    expect(results[4]).toMatchObject({ limit: 5, used: 5, remaining: 0, resetAt: Date.UTC(2026, 10, 22, 19) / 1000 });
    now += 60_000;
    expect((await quotas.consume('ai', 'a1', PLAN_LIMITS.free)).allowed).toBe(true);
  });

  it('count unlimited buckets without refusing', async () => {
    const quotas = new Quotas(new MemoryQuotaStore());
    for (let i = 0; i < 150; i++) expect((await quotas.consume('scans', 'team1', PLAN_LIMITS.team)).allowed).toBe(true);
    expect((await quotas.usage('team1', ['scans'])).scans).toBe(150);
  });

  it('give a count back on release', async () => {
    const quotas = new Quotas(new MemoryQuotaStore());
    const first = await quotas.consume('ai', 'r1', PLAN_LIMITS.free);
    await quotas.release(first.key);
    expect((await quotas.usage('r1', ['ai'])).ai).toBe(0);
  });
});

describe('Redis quota store', () => {
  const clients: Redis[] = [];
  const client = () => {
    const c = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    clients.push(c);
    return c;
  };
  afterAll(async () => {
    for (const c of clients) await c.quit();
  });

  it('never lets more than the limit through when 50 requests race on two connections', async () => {
    const account = `race-${Date.now()}-${Math.random()}`;
    const a = new Quotas(new RedisQuotaStore(client()));
    const b = new Quotas(new RedisQuotaStore(client()));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? a : b).consume('scans', account, PLAN_LIMITS.free)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect((await a.usage(account, ['scans'])).scans).toBe(10);
  });

  it('expires counters at the end of the window (plus a minute of grace)', async () => {
    const redis = client();
    const quotas = new Quotas(new RedisQuotaStore(redis));
    const decision = await quotas.consume('ai', `ttl-${Date.now()}`, PLAN_LIMITS.free);
    const ttl = await redis.ttl(decision.key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(3600 + 60);
  });

  it('releases without going below zero', async () => {
    const quotas = new Quotas(new RedisQuotaStore(client()));
    const account = `rel-${Date.now()}`;
    const decision = await quotas.consume('ai', account, PLAN_LIMITS.free);
    await quotas.release(decision.key);
    await quotas.release(decision.key);
    expect((await quotas.usage(account, ['ai'])).ai).toBe(0);
  });
});
