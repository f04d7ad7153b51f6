import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_PLANS, PLAN_LIMITS } from '../../src/services/accounts/plans.js';
import { RedisQuotaStore } from '../../src/services/accounts/quotas.js';
import { AppError } from '../../src/core/errors.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, TEST_REDIS_URL, type TestStorage } from '../helpers/storage.js';

/**
 * Routes standing in for the scan, AI and fix-PR endpoints, which use the same
 * route config (quota bucket and plan-gated feature) as the real ones.
 */
function probeRoutes(scope: FastifyInstance): void {
  scope.post(
    '/probe/scan',
    {
      config: { quota: 'scans', feature: (req) => ((req.body as { token?: string }).token ? 'private_repository_scan' : undefined) },
      schema: { body: Type.Object({ repository: Type.String(), token: Type.Optional(Type.String()) }) },
    },
    () => ({ ok: true }),
  );
  scope.post('/probe/fix-pr', { config: { quota: 'scans', feature: () => 'fix_pull_request' } }, () => ({ ok: true }));
  scope.post('/probe/ai', { config: { quota: 'ai' } }, () => ({ ok: true }));
  scope.post('/probe/ai-down', { config: { quota: 'ai' } }, () => {
    throw new AppError('unavailable', 'AI engine is at capacity, retry in a minute');
  });
}

const scan = (t: TestApp, key: string, body: Record<string, unknown> = { repository: 'octo/repo' }) =>
  t.app.inject({ method: 'POST', url: '/v1/probe/scan', headers: { 'x-api-key': key }, payload: body });

describe('hourly quotas and plan gating', () => {
  let ts: TestStorage;
  let t: TestApp;
  beforeAll(async () => {
    ts = await openTestStorage('embedded');
    t = await createTestApp(ts, { extraV1Routes: probeRoutes });
  });
  afterAll(async () => {
    await t.close();
    await ts.cleanup();
  });

  it('lets exactly 10 of 50 concurrent Free scans through and answers the rest 429', async () => {
    const key = await t.newAccount('free');
    const responses = await Promise.all(Array.from({ length: 50 }, () => scan(t, key)));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(40);
  });

  it('says which limit was hit and when it resets, with Retry-After and rate-limit fields', async () => {
    const key = await t.newAccount('free');
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ method: 'POST', url: '/v1/probe/ai', headers: { 'x-api-key': key } })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/v1/probe/ai', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toMatch(/^Hourly limit of 5 AI requests reached for the Free plan; it resets at \d{4}-\d\d-\d\dT\d\d:00:00\.000Z \(in \d+ s\)$/);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    expect(res.headers.ratelimit).toMatch(/^"ai";r=0;t=\d+$/);
  });

  it('names the scans bucket in words too', async () => {
    const key = await t.newAccount('free');
    const codes = [];
    for (let i = 0; i < 11; i++) codes.push(await scan(t, key));
    const last = codes[codes.length - 1];
    expect(last?.statusCode).toBe(429);
    expect(last?.json<{ detail: string }>().detail).toMatch(/^Hourly limit of 10 scans reached for the Free plan; it resets at /);
  });

  it('puts the IETF and X-RateLimit fields on every counted response', async () => {
    const key = await t.newAccount('pro');
    const res = await scan(t, key);
    expect(res.headers['ratelimit-policy']).toBe('"scans";q=100;w=3600');
    expect(res.headers.ratelimit).toMatch(/^"scans";r=99;t=\d+$/);
    expect(res.headers['x-ratelimit-limit']).toBe('100');
    expect(res.headers['x-ratelimit-remaining']).toBe('99');
    const reset = Number(res.headers['x-ratelimit-reset']);
    expect(reset % 3600).toBe(0);
    expect(reset * 1000).toBeGreaterThan(Date.now());
  });

  it('keeps separate buckets: scans do not use up AI requests', async () => {
    const key = await t.newAccount('free');
    for (let i = 0; i < 10; i++) await scan(t, key);
    expect((await scan(t, key)).statusCode).toBe(429);
    expect((await t.app.inject({ method: 'POST', url: '/v1/probe/ai', headers: { 'x-api-key': key } })).statusCode).toBe(200);
  });

  it('never refuses Team scans and sends no limit fields for them', async () => {
    const key = await t.newAccount('team');
    const codes = [];
    for (let i = 0; i < 120; i++) codes.push((await scan(t, key)).statusCode);
    expect(codes.every((c) => c === 200)).toBe(true);
    const last = await scan(t, key);
    expect(last.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('does not count requests whose body fails validation', async () => {
    const key = await t.newAccount('free');
    for (let i = 0; i < 12; i++) expect((await scan(t, key, { nope: true })).statusCode).toBe(400);
    expect((await scan(t, key)).headers['x-ratelimit-remaining']).toBe('9');
  });

  it('gives the count back when the response is a 5xx', async () => {
    const key = await t.newAccount('free');
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/probe/ai-down', headers: { 'x-api-key': key } });
      expect(res.statusCode).toBe(503);
    }
    const account = await t.app.inject({ method: 'GET', url: '/v1/account', headers: { 'x-api-key': key } });
    expect(account.json().usage.ai).toBe(0);
  });

  it('refuses gated features on Free with 403 naming the plans that include them', async () => {
    const key = await t.newAccount('free');
    const priv = await scan(t, key, { repository: 'octo/private', token: 'gh-token-value' });
    expect(priv.statusCode).toBe(403);
    expect(priv.json().detail).toBe('Scanning a private repository (a request with a token) requires the Pro or Team plan; this account is on the Free plan');
    const pr = await t.app.inject({ method: 'POST', url: '/v1/probe/fix-pr', headers: { 'x-api-key': key } });
    expect(pr.statusCode).toBe(403);
    expect(pr.json().detail).toContain('requires the Pro or Team plan');
    // Refused requests are not counted.
    expect((await scan(t, key)).headers['x-ratelimit-remaining']).toBe('9');
  });

  it('allows gated features on Pro and Team', async () => {
    for (const plan of ['pro', 'team'] as const) {
      const key = await t.newAccount(plan);
      expect((await scan(t, key, { repository: 'octo/private', token: 'gh-token-value' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: '/v1/probe/fix-pr', headers: { 'x-api-key': key } })).statusCode).toBe(200);
    }
  });

  it('follows a plan change at once', async () => {
    const email = `upgrade-${Date.now()}@example.test`;
    const key = await t.newAccount('free', email);
    expect((await t.app.inject({ method: 'POST', url: '/v1/probe/fix-pr', headers: { 'x-api-key': key } })).statusCode).toBe(403);
    await t.accounts.setPlan(email, 'pro');
    expect((await t.app.inject({ method: 'POST', url: '/v1/probe/fix-pr', headers: { 'x-api-key': key } })).statusCode).toBe(200);
  });

  it('matches the plan table documented in the README', async () => {
    const { readFile } = await import('node:fs/promises');
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    const fmt = (n: number | null) => (n === null ? 'unlimited' : String(n));
    for (const [plan, limits] of Object.entries(PLAN_LIMITS)) {
      const label = plan[0]?.toUpperCase() + plan.slice(1);
      expect(readme).toContain(`| ${label} | ${fmt(limits.scans)} | ${fmt(limits.ai)} | ${fmt(limits.account)} |`);
    }
    for (const [feature, plans] of Object.entries(FEATURE_PLANS)) {
      expect(readme).toContain(`| \`${feature}\` |`);
      expect(readme).toMatch(new RegExp(`\\| \`${feature}\` \\|[^\\n]*\\| ${plans.map((p) => p[0]?.toUpperCase() + p.slice(1)).join(', ')} \\|`));
    }
  });
});

describe('quotas shared through Redis by two service instances', () => {
  const storages: TestStorage[] = [];
  const apps: TestApp[] = [];
  const clients: Redis[] = [];
  beforeAll(async () => {
    // Two app instances on one PostgreSQL database, each with its own Redis connection,
    // exactly as two service processes behind a load balancer would be.
    const first = await openTestStorage('postgres');
    storages.push(first);
    const { openStorage } = await import('../../src/adapters/storage/index.js');
    const secondStorage = await openStorage({ databaseUrl: first.databaseUrl, dataDir: first.dataDir });
    for (const storage of [first.storage, secondStorage]) {
      const redis = new Redis(TEST_REDIS_URL);
      clients.push(redis);
      apps.push(await createTestApp({ ...first, storage }, { extraV1Routes: probeRoutes, quotaStore: new RedisQuotaStore(redis) }));
    }
    storages.push({ ...first, cleanup: () => secondStorage.close() });
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    for (const s of storages.reverse()) await s.cleanup();
  });

  it('lets exactly 10 of 50 concurrent Free scans through across both instances', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const key = await a.newAccount('free');
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => scan(i % 2 === 0 ? a : b, key)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(40);
  });

  it('answers 503 when Redis is unreachable instead of letting requests through', async () => {
    const dead = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, enableOfflineQueue: false, lazyConnect: true, retryStrategy: () => null });
    dead.on('error', () => undefined);
    const ts = storages[0] as TestStorage;
    const t = await createTestApp(ts, { extraV1Routes: probeRoutes, quotaStore: new RedisQuotaStore(dead) });
    try {
      const key = await t.newAccount('free');
      const res = await scan(t, key);
      expect(res.statusCode).toBe(503);
      expect(res.json().detail).toBe('Quota store unavailable; retry shortly');
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      await t.close();
      dead.disconnect();
    }
  });
});
