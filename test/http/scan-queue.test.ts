import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../src/services/accounts/plans.js';
import { startFakeApi, type FakeApi } from '../scanners/http/servers.js';
import { startFakeGitHub, type FakeGitHub } from '../fakes/github/server.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';

let fake: FakeGitHub;
let slow: FakeApi;
let ts: TestStorage;

beforeAll(async () => {
  fake = await startFakeGitHub();
  const files: Record<string, string> = { 'README.md': '# app\n' };
  for (let i = 0; i < 200; i++) files[`src/module${i}.ts`] = `export const value${i} = ${i};\n`.repeat(20);
  for (const repo of ['one', 'two', 'three', 'four']) fake.addRepo({ owner: 'acme', repo, files });
  slow = await startFakeApi({ delayMs: 150 });
  ts = await openTestStorage('embedded');
});

afterAll(async () => {
  await ts.cleanup();
  await Promise.all([fake.close(), slow.close()]);
});

describe('a burst of scans on the default settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ts, {
      env: { SCAN_API_ALLOW_CIDRS: '127.0.0.1/32', GITHUB_API_URL: fake.url, VIGIL_GITHUB_RETRIES: '0' },
      limitsFor: (plan) => ({ ...PLAN_LIMITS[plan], scans: null }),
    });
  });
  afterAll(async () => t.close());

  it('answers 20 API scans and 4 repository scans sent at once by one account, all 200', async () => {
    const key = await t.newAccount('team');
    const api = Array.from({ length: 20 }, (_, i) =>
      t.app.inject({ method: 'POST', url: '/v1/scan/api', headers: { 'x-api-key': key }, payload: { url: `${slow.url}/burst${i}` } }),
    );
    const repos = ['one', 'two', 'three', 'four'].map((repo) =>
      t.app.inject({ method: 'POST', url: '/v1/scan/github', headers: { 'x-api-key': key }, payload: { repository: `acme/${repo}` } }),
    );
    const answers = await Promise.all([...api, ...repos]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 24 }, () => 200));
    const listed = await t.app.inject({ method: 'GET', url: '/v1/scans?limit=30', headers: { 'x-api-key': key } });
    expect(listed.json<{ items: unknown[] }>().items).toHaveLength(24);
  }, 120_000);
});

describe('the synchronous wait', () => {
  it('cancels a scan that has not finished within VIGIL_SCAN_WAIT_MS and answers 503 with Retry-After', async () => {
    const never = await startFakeApi({ delayMs: 30_000 });
    const t = await createTestApp(ts, { env: { SCAN_API_ALLOW_CIDRS: '127.0.0.1/32', VIGIL_SCAN_WAIT_MS: '1000', VIGIL_API_SCAN_TIMEOUT_MS: '60000', VIGIL_API_PROBE_TIMEOUT_MS: '60000' } });
    try {
      const key = await t.newAccount('pro');
      const started = Date.now();
      const res = await t.app.inject({ method: 'POST', url: '/v1/scan/api', headers: { 'x-api-key': key }, payload: { url: never.url } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.json<{ detail: string }>().detail).toMatch(/^Scan not finished within 1 s, the longest a request waits, and cancelled; retry later, or submit it asynchronously/);
      expect(Date.now() - started).toBeLessThan(10_000);
      // The scan reached its target, so it counts.
      const account = await t.app.inject({ method: 'GET', url: '/v1/account', headers: { 'x-api-key': key } });
      expect(account.json().usage.scans).toBe(1);
    } finally {
      await t.close();
      await never.close();
    }
  });
});
