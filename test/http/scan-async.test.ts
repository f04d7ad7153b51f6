import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../src/services/accounts/plans.js';
import { failInterruptedScans } from '../../src/services/scans/recovery.js';
import { SILENT_LOGGER } from '../../src/services/scans/runner.js';
import { DatabaseScanStore } from '../../src/services/scans/store.js';
import { startFakeGitHub, type FakeGitHub } from '../fakes/github/server.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';
import { startFakeApi, type FakeApi } from '../scanners/http/servers.js';

const AWS_KEY = ['AKIA', 'Q3EGT7VZ5MXJ4WPR'].join('');

let fake: FakeGitHub;
let target: FakeApi;
let ts: TestStorage;
let t: TestApp;
let key: string;

beforeAll(async () => {
  fake = await startFakeGitHub();
  fake.addRepo({ owner: 'acme', repo: 'held', files: { 'README.md': '# held\n' } });
  fake.addRepo({ owner: 'acme', repo: 'leaky', files: { 'src/config.ts': `export const key = "${AWS_KEY}";\n` } });
  target = await startFakeApi();
  ts = await openTestStorage('embedded');
  t = await createTestApp(ts, {
    env: { GITHUB_API_URL: fake.url, VIGIL_GITHUB_RETRIES: '0', VIGIL_SCAN_WORKERS: '1', VIGIL_MAX_CONCURRENT_SCANS: '1', SCAN_API_ALLOW_CIDRS: '127.0.0.1/32' },
    limitsFor: (plan) => ({ ...PLAN_LIMITS[plan], scans: null }),
  });
  key = await t.newAccount('pro');
});

afterAll(async () => {
  await t.close();
  await ts.cleanup();
  await Promise.all([fake.close(), target.close()]);
});

const getScan = async (id: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/v1/scans/${id}`, headers: { 'x-api-key': key } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Record<string, unknown> & { status: string }>();
};

async function until(id: string, status: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 1500; i++) {
    const scan = await getScan(id);
    if (scan.status === status) return scan;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`scan ${id} never became ${status}`);
}

describe('asynchronous scans', () => {
  it('answers 202 at once and shows queued → running → completed through GET /v1/scans/{id}', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    fake.intercept('GET', /^\/repos\/acme\/held\/tarball/, () => gate);
    try {
      const first = await t.app.inject({
        method: 'POST',
        url: '/v1/scan/github',
        headers: { 'x-api-key': key, prefer: 'respond-async' },
        payload: { repository: 'acme/held' },
      });
      expect(first.statusCode, first.body).toBe(202);
      const queued = first.json<{ scan_id: string; status: string }>();
      expect(queued).toEqual({ scan_id: expect.stringMatching(/^[A-Za-z0-9]+$/), status: 'queued' });
      expect(first.headers.location).toBe(`/v1/scans/${queued.scan_id}`);
      expect(first.headers['preference-applied']).toBe('respond-async');
      await until(queued.scan_id, 'running');

      // The only repository slot is taken: the next one waits, and says so.
      const second = await t.app.inject({
        method: 'POST',
        url: '/v1/scan/github',
        headers: { 'x-api-key': key, prefer: 'wait=5, respond-async' },
        payload: { repository: 'acme/leaky' },
      });
      expect(second.statusCode).toBe(202);
      const secondId = second.json<{ scan_id: string }>().scan_id;
      const waiting = await getScan(secondId);
      expect(waiting).toMatchObject({ scan_id: secondId, status: 'queued', target_type: 'github', target: 'acme/leaky', completed_at: null, finding_count: 0, findings: [] });
      const sarif = await t.app.inject({ method: 'GET', url: `/v1/scans/${secondId}/sarif`, headers: { 'x-api-key': key } });
      expect(sarif.statusCode).toBe(409);
      const listed = await t.app.inject({ method: 'GET', url: '/v1/scans', headers: { 'x-api-key': key } });
      expect(listed.json<{ items: { scan_id: string; status: string }[] }>().items.find((s) => s.scan_id === secondId)?.status).toBe('queued');

      open();
      await until(queued.scan_id, 'completed');
      const done = await until(secondId, 'completed');
      expect(done).toMatchObject({ scan_id: secondId, status: 'completed', target: 'acme/leaky' });
      expect((done.findings as { title: string }[]).some((f) => f.title === 'AWS access key')).toBe(true);
      expect(JSON.stringify(done)).not.toContain(AWS_KEY);
    } finally {
      open();
    }
  });

  it('takes "async": true in the body too, for API scans', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/scan/api', headers: { 'x-api-key': key }, payload: { url: target.url, async: true } });
    expect(res.statusCode, res.body).toBe(202);
    const done = await until(res.json<{ scan_id: string }>().scan_id, 'completed');
    expect(done).toMatchObject({ target_type: 'api', target: target.url });
  });

  it('shows a scan that fails as failed, with the status and detail a synchronous request would have got', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/scan/github', headers: { 'x-api-key': key }, payload: { repository: 'acme/missing', async: true } });
    expect(res.statusCode).toBe(202);
    const failed = await until(res.json<{ scan_id: string }>().scan_id, 'failed');
    expect(failed).toMatchObject({ status: 'failed', target: 'acme/missing', completed_at: expect.stringMatching(/Z$/), error: { status: 404 } });
    expect((failed.error as { detail: string }).detail).toMatch(/^Repository not found/);
  });

  it('refuses what cannot be scanned with 400 at once, queuing nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/scan/github', headers: { 'x-api-key': key, prefer: 'respond-async' }, payload: { repository: 'not a repository' } });
    expect(res.statusCode).toBe(400);
  });

  it('marks scans a previous run left queued or running as failed when the embedded service starts', async () => {
    const store = new DatabaseScanStore(ts.storage);
    const account = (await t.accounts.createAccount(`restart-${Date.now()}@example.test`, 'pro')).account;
    const job = {
      scanId: `restart${Date.now()}`,
      account: { id: account.id, email: account.email, plan: account.plan },
      request: { kind: 'api' as const, url: target.url },
      async: true,
      target: target.url,
      submittedAt: new Date().toISOString(),
    };
    await store.queued(job);
    expect(await failInterruptedScans(ts.storage, SILENT_LOGGER)).toBe(1);
    const stored = await t.accounts.rotateKey(account.id);
    const res = await t.app.inject({ method: 'GET', url: `/v1/scans/${job.scanId}`, headers: { 'x-api-key': stored.apiKey } });
    expect(res.json()).toMatchObject({ status: 'failed', error: { status: 503, detail: expect.stringMatching(/service stopped before it ended/) } });
  });
});
