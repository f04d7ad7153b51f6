import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../src/accounts/plans.js';
import { startFakeApi, type FakeApi } from '../scanners/http/servers.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';

let ts: TestStorage;
let t: TestApp;
let key: string;
let weak: FakeApi;
let hardened: FakeApi;
let canary: FakeApi;

const HARDENED = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'permissions-policy': 'geolocation=()',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

beforeAll(async () => {
  weak = await startFakeApi({ cors: 'reflect-credentials', headers: { server: 'nginx/1.18.0', 'x-powered-by': 'Express' } });
  hardened = await startFakeApi({ cors: 'allow-list', headers: HARDENED });
  canary = await startFakeApi();
  ts = await openTestStorage('embedded');
  // Only 127.0.0.1 is allowed, and only for this test's own servers.
  t = await createTestApp(ts, { env: { SCAN_API_ALLOW_CIDRS: '127.0.0.1/32' }, limitsFor: (plan) => ({ ...PLAN_LIMITS[plan], scans: null }) });
  key = await t.newAccount('free');
});

afterAll(async () => {
  await t.close();
  await ts.cleanup();
  await Promise.all([weak.close(), hardened.close(), canary.close()]);
});

const scan = (url: string) => t.app.inject({ method: 'POST', url: '/v1/scan/api', headers: { 'x-api-key': key }, payload: { url } });

describe('POST /v1/scan/api', () => {
  it('reports header and CORS findings located by url and method, and stores the scan', async () => {
    const res = await scan(weak.url);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ scan_id: string; target_type: string; target: string; findings: { id: string; category: string; scanner_name: string; severity: string; location: Record<string, unknown> }[]; stats: { requests: number } }>();
    expect(body).toMatchObject({ target_type: 'api', target: weak.url });
    const categories = new Set(body.findings.map((f) => f.category));
    expect(categories).toEqual(new Set(['headers', 'cors']));
    for (const f of body.findings) {
      expect(f.scanner_name).toBe('api_headers');
      expect(f.id).toMatch(/^API-[A-Z0-9]{6}$/);
      expect(f.location).toEqual({ target: weak.url, url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:/), method: expect.stringMatching(/^(GET|OPTIONS)$/) });
    }
    expect(body.findings.some((f) => f.category === 'cors' && ['CRITICAL', 'HIGH'].includes(f.severity))).toBe(true);
    expect(body.stats.requests).toBeGreaterThan(5);
    const again = (await scan(weak.url)).json<{ findings: { id: string }[] }>();
    expect(again.findings.map((f) => f.id).sort()).toEqual(body.findings.map((f) => f.id).sort());
    const stored = await t.app.inject({ method: 'GET', url: `/v1/scans/${body.scan_id}`, headers: { 'x-api-key': key } });
    expect(stored.statusCode).toBe(200);
  });

  it('finds nothing above LOW on a hardened API with a strict CORS allow-list, except that loopback is plain http', async () => {
    const res = await scan(hardened.url);
    expect(res.statusCode).toBe(200);
    const severe = res.json<{ findings: { severity: string; title: string }[] }>().findings.filter((f) => !['LOW', 'INFO'].includes(f.severity));
    // A loopback test server cannot serve https; the transport findings are the only ones left.
    expect(severe.map((f) => `${f.severity} ${f.title}`).sort()).toEqual(['HIGH API served over plain HTTP', 'MEDIUM Strict-Transport-Security sent only over plain HTTP']);
  });

  it.each([
    ['ftp://example.com/', /^Invalid URL/],
    ['http://user:pass@example.com/', /^Invalid URL/],
    ['not a url', /^Invalid URL/],
  ])('400 for %s', async (url, detail) => {
    const res = await scan(url);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toMatch(detail);
  });

  it('400 "not publicly reachable" for internal addresses outside the allow-list, without contacting them', async () => {
    const port = new URL(canary.url).port;
    for (const url of [`http://127.0.0.2:${port}/`, `http://[::1]:${port}/`, 'http://169.254.169.254/latest/meta-data/', `http://localhost:${port}/`, 'http://10.0.0.1/']) {
      const res = await scan(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ detail: string }>().detail, url).toMatch(/^Target URL is not publicly reachable/);
    }
    expect(canary.requests).toEqual([]);
  });

  it('400 "Could not reach target URL" for a refused connection', async () => {
    const closed = await startFakeApi();
    const url = closed.url;
    await closed.close();
    const res = await scan(url);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toMatch(/^Could not reach target URL: connection refused/);
  });
});

describe('POST /v1/scan/api under a burst', () => {
  it('completes 20 simultaneous scans from 20 accounts on the default slot settings', async () => {
    // Slow answers keep every scan in flight at once: more scans than the 16 default slots.
    const slow = await startFakeApi({ delayMs: 150 });
    try {
      const keys = await Promise.all(Array.from({ length: 20 }, () => t.newAccount('pro')));
      const answers = await Promise.all(
        keys.map((k) => t.app.inject({ method: 'POST', url: '/v1/scan/api', headers: { 'x-api-key': k }, payload: { url: slow.url } })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
      expect(slow.maxInFlight()).toBeGreaterThan(16);
    } finally {
      await slow.close();
    }
  });
});

describe('POST /v1/scan/api with opt-in paths', () => {
  it('checks the headers of each listed path and locates what differs from the base URL at that path', async () => {
    const api = await startFakeApi({
      cors: 'allow-list',
      headers: HARDENED,
      intercept: (req, res) => {
        if (req.url !== '/v1/users') return false;
        // This endpoint forgets nosniff and sets an unprotected session cookie.
        const rest: Record<string, string> = { ...HARDENED };
        delete rest['x-content-type-options'];
        res.writeHead(200, { ...rest, 'content-type': 'application/json', 'set-cookie': 'session=1; Path=/' }).end('[]');
        return true;
      },
    });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/scan/api',
        headers: { 'x-api-key': key },
        payload: { url: api.url, paths: ['/v1/users', '/v1/health', '//elsewhere.example/x'] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ findings: { rule_id: string; title: string; location: { url: string; method: string } }[] }>();
      const atUsers = body.findings.filter((f) => f.location.url === `${api.origin}/v1/users`);
      expect(atUsers.map((f) => f.rule_id).sort()).toEqual(['cookie-attributes', 'x-content-type-options']);
      // /v1/health answers like the base URL: nothing new to say there.
      expect(body.findings.some((f) => f.location.url.endsWith('/v1/health'))).toBe(false);
      expect(api.requests.some((q) => q.url === '/v1/health')).toBe(true);
      expect(api.requests.some((q) => q.url === '/x')).toBe(false);
    } finally {
      await api.close();
    }
  });

  it('refuses more than 5 paths or a path without a leading slash (400)', async () => {
    const many = await scanWith({ url: 'https://api.example.com/', paths: ['/a', '/b', '/c', '/d', '/e', '/f'] });
    expect(many.statusCode).toBe(400);
    const relative = await scanWith({ url: 'https://api.example.com/', paths: ['v1/users'] });
    expect(relative.statusCode).toBe(400);
  });
});

function scanWith(payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/v1/scan/api', headers: { 'x-api-key': key }, payload });
}
