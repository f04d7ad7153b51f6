import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXERS } from '../../src/services/fixes/registry.js';
import { PROGRESS_RETENTION_MS } from '../../src/services/scans/progress.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { sessionHeaders, signIn } from '../helpers/dashboard.js';
import { githubCodeScanningProblems, sarifSchemaErrors } from '../helpers/sarif.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';
import { startFakeGitHub, type FakeGitHub } from '../fakes/github/server.js';


// Assembled at run time: this file holds no secret whole.
const AWS_KEY = ['AKIA', 'Q3EGT7VZ5MXJ4WPR'].join('');
const files = {
  'src/config.ts': `export const awsKey = "${AWS_KEY}";\n`,
  '.env': 'STRIPE_KEY=placeholder\n',
  'README.md': '# demo\n',
};

let fake: FakeGitHub;
let ts: TestStorage;
let t: TestApp;
let now = Date.now();

beforeAll(async () => {
  fake = await startFakeGitHub();
  fake.addRepo({ owner: 'acme', repo: 'slow', files });
  fake.addRepo({ owner: 'acme', repo: 'leaky', files });
  ts = await openTestStorage('embedded');
  t = await createTestApp(ts, {
    now: () => now,
    env: { GITHUB_API_URL: fake.url, VIGIL_SCAN_WORKERS: '1', VIGIL_MAX_CONCURRENT_SCANS: '1', VIGIL_GITHUB_RETRIES: '0' },
  });
});

afterAll(async () => {
  await t.close();
  await ts.cleanup();
  await fake.close();
});

const scan = (key: string, repository: string, progressId?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/scan/github',
    headers: { 'x-api-key': key, ...(progressId ? { 'x-vigil-progress-id': progressId } : {}) },
    payload: { repository },
  });

const progressOf = (headers: Record<string, string>, id: string) => t.app.inject({ method: 'GET', url: `/v1/scans/progress/${id}`, headers });

/** Polls until the progress has the stage (the scan runs concurrently; the test's own timeout bounds the wait). */
async function until(key: string, id: string, stage: string): Promise<Record<string, unknown>> {
  for (;;) {
    const res = await progressOf({ 'x-api-key': key }, id);
    if (res.statusCode === 200 && res.json().stage === stage) return res.json();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('scan progress', () => {
  it('follows a repository scan while its archive downloads, to done, for its own account only', async () => {
    const key = await t.newAccount('pro');
    const other = await t.newAccount('pro');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    fake.intercept('GET', /^\/_codeload\/acme\/slow\//, () => held);

    const id = 'progress-follow-0001';
    const running = scan(key, 'acme/slow', id);
    expect(await until(key, id, 'downloading')).toEqual({ stage: 'downloading' });
    expect((await progressOf({ 'x-api-key': other }, id)).statusCode).toBe(404);

    // The only scan slot is taken: another account's scan waits in the queue, and its progress says so.
    const queued = scan(other, 'acme/leaky', 'progress-queued-0000001');
    expect(await until(other, 'progress-queued-0000001', 'queued')).toEqual({ stage: 'queued' });

    release();
    const res = await running;
    expect(res.statusCode, res.body).toBe(200);
    expect((await progressOf({ 'x-api-key': key }, id)).json()).toEqual({ stage: 'done' });
    expect((await queued).statusCode).toBe(200);
    expect((await progressOf({ 'x-api-key': other }, 'progress-queued-0000001')).json()).toEqual({ stage: 'done' });

    now += PROGRESS_RETENTION_MS;
    expect((await progressOf({ 'x-api-key': key }, id)).statusCode).toBe(404);
  });

  it('reports a failed scan as failed', async () => {
    const key = await t.newAccount('pro');
    const res = await scan(key, 'acme/missing', 'progress-missing-0001');
    expect(res.statusCode).toBe(404);
    expect((await progressOf({ 'x-api-key': key }, 'progress-missing-0001')).json()).toEqual({ stage: 'failed' });
  });

  it('refuses a malformed progress id', async () => {
    const key = await t.newAccount('pro');
    const res = await scan(key, 'acme/leaky', 'short');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('x-vigil-progress-id');
    expect((await progressOf({ 'x-api-key': key }, 'has spaces in it!!!')).statusCode).toBe(400);
  });

  it('answers 404 for an id nobody used', async () => {
    const key = await t.newAccount('free');
    expect((await progressOf({ 'x-api-key': key }, 'never-used-id-000001')).statusCode).toBe(404);
  });
});

describe('SARIF export', () => {
  it('returns a stored scan as a valid SARIF 2.1.0 attachment, to its owner only', async () => {
    const key = await t.newAccount('pro');
    const scanned = await scan(key, 'acme/leaky');
    expect(scanned.statusCode, scanned.body).toBe(200);
    const result = scanned.json<{ scan_id: string; finding_count: number; findings: { id: string; rule_id?: string }[] }>();
    expect(result.finding_count).toBeGreaterThan(0);

    const res = await t.app.inject({ method: 'GET', url: `/v1/scans/${result.scan_id}/sarif`, headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/sarif\+json/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${result.scan_id}.sarif"`);
    const log = JSON.parse(res.body) as { version: string; runs: { results: { partialFingerprints: Record<string, string> }[] }[] };
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(githubCodeScanningProblems(log)).toEqual([]);
    expect(log.runs[0]?.results.map((r) => r.partialFingerprints['vigilFindingId/v1'])).toEqual(result.findings.map((f) => f.id));
    expect(res.body).not.toContain(AWS_KEY);

    const other = await t.newAccount('pro');
    expect((await t.app.inject({ method: 'GET', url: `/v1/scans/${result.scan_id}/sarif`, headers: { 'x-api-key': other } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/scans/nosuchscan/sarif', headers: { 'x-api-key': key } })).statusCode).toBe(404);
  });

  it('works with the dashboard session', async () => {
    const browser = await signIn(t, 'sarif-session@example.test');
    const scanned = await t.app.inject({ method: 'POST', url: '/v1/scan/github', headers: sessionHeaders(browser), payload: { repository: 'acme/leaky' } });
    expect(scanned.statusCode, scanned.body).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: `/v1/scans/${scanned.json().scan_id}/sarif`, headers: sessionHeaders(browser, { csrf: null }) });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /v1/fix/pr/supported', () => {
  it('lists the titles of the fixer registry', async () => {
    const key = await t.newAccount('free');
    const res = await t.app.inject({ method: 'GET', url: '/v1/fix/pr/supported', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      titles: FIXERS.flatMap((f) => f.titles),
      rules: FIXERS.flatMap((f) => (f.ruleIds ?? []).map((rule_id) => ({ rule_id, title_pattern: f.titlePattern }))),
    });
    expect((await t.app.inject({ method: 'GET', url: '/v1/fix/pr/supported' })).statusCode).toBe(401);
  });
});
