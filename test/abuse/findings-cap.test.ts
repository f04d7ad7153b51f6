import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../src/services/accounts/plans.js';
import { COLLAPSE_MIN_FILES } from '../../src/engine/pipeline/limit.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';
import { startFakeGitHub, type FakeGitHub } from '../fakes/github/server.js';

// A repository built to flood a scan with findings: many copies of one generated handler (each
// line a code-injection finding) and many distinct files of unique low-value findings.
function handler(lines: number, tag: string): string {
  const body = Array.from({ length: lines }, (_, i) => `  eval(req.query.${tag}${i});`);
  return ["const express = require('express');", 'const app = express();', "app.get('/x', (req, res) => {", ...body, '});', ''].join('\n');
}

const COPIES = 120;
const UNIQUE_FILES = 60;
const files: Record<string, string> = {};
for (let i = 0; i < COPIES; i++) files[`copies/c${String(i).padStart(3, '0')}/gen.js`] = handler(40, 'a');
for (let i = 0; i < UNIQUE_FILES; i++) files[`src/h${String(i).padStart(2, '0')}.js`] = handler(30, `u${i}_`);

let fake: FakeGitHub;
let ts: TestStorage;
let t: TestApp;
let key: string;

beforeAll(async () => {
  fake = await startFakeGitHub();
  fake.addRepo({ owner: 'acme', repo: 'flood', files });
  ts = await openTestStorage('embedded');
  t = await createTestApp(ts, {
    env: { GITHUB_API_URL: fake.url, VIGIL_SCAN_WORKERS: '2', VIGIL_MAX_FINDINGS_PER_SCAN: '500', VIGIL_MAX_FINDINGS_PER_RULE: '400', VIGIL_MAX_FINDINGS_PER_FILE: '20' },
    limitsFor: (plan) => ({ ...PLAN_LIMITS[plan], scans: null }),
  });
  key = await t.newAccount('free');
}, 120_000);

afterAll(async () => {
  await t.close();
  await ts.cleanup();
  await fake.close();
});

describe('a repository that floods the scan with findings', () => {
  it('answers with a bounded result that says it was truncated, and stores and lists it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/scan/github', headers: { 'x-api-key': key }, payload: { repository: 'acme/flood' } });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const body = res.json<{ scan_id: string; finding_count: number; findings: { location: { path: string }; evidence: string }[]; warnings: string[]; stats: Record<string, unknown> }>();
    // Without limits: 120 × 40 + 60 × 30 = 6,600 findings.
    expect(body.finding_count).toBe(body.findings.length);
    expect(body.finding_count).toBeLessThanOrEqual(400);
    expect(body.stats).toMatchObject({ truncated: true });
    expect(body.stats.findings_omitted).toBeGreaterThan(0);
    expect(body.warnings.some((w) => w.startsWith('The result is truncated') && w.includes('VIGIL_MAX_FINDINGS_PER_FILE'))).toBe(true);
    // The copies collapsed: one finding per line of the handler, naming the other copies.
    const copies = body.findings.filter((f) => f.location.path.startsWith('copies/'));
    expect(copies.length).toBeLessThanOrEqual(20);
    expect(copies.every((f) => f.location.path === 'copies/c000/gen.js')).toBe(true);
    expect(copies[0]?.evidence).toContain(`the same in ${COPIES - 1} other files`);
    expect(COPIES).toBeGreaterThan(COLLAPSE_MIN_FILES);
    // No file over its cap.
    const perFile = new Map<string, number>();
    for (const f of body.findings) perFile.set(f.location.path, (perFile.get(f.location.path) ?? 0) + 1);
    expect(Math.max(...perFile.values())).toBeLessThanOrEqual(20);

    const stored = await t.app.inject({ method: 'GET', url: `/v1/scans/${body.scan_id}`, headers: { 'x-api-key': key } });
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toMatchObject({ finding_count: body.finding_count, stats: { truncated: true } });
    const list = await t.app.inject({ method: 'GET', url: '/v1/scans?limit=5', headers: { 'x-api-key': key } });
    expect(list.statusCode).toBe(200);
    expect(list.body.length).toBeLessThan(5_000);
  }, 120_000);
});
