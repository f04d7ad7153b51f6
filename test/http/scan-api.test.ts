import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../src/services/accounts/plans.js';
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

describe('POST /v1/scan/api with openapi_url', () => {
  /** A YAML document: bearer auth document-wide, one object endpoint, a logout, a health check and 12 plain collections. */
  const SPEC = [
    'openapi: 3.0.3',
    'info: {title: Shop, version: "1"}',
    'servers: [{url: /v1}]',
    'security: [{bearerAuth: []}]',
    'components: {securitySchemes: {bearerAuth: {type: http, scheme: bearer}}}',
    'paths:',
    '  /users/{id}:',
    '    get:',
    '      operationId: getUser',
    '      parameters: [{name: id, in: path, required: true, schema: {type: integer}, example: 7}]',
    '  /logout: {get: {}}',
    '  /health: {get: {security: []}}',
    ...Array.from({ length: 12 }, (_, i) => `  /items${i}: {get: {security: []}}`),
    '',
  ].join('\n');

  it('probes the documented GETs, reports a secured endpoint that serves data to anyone, and says what it left out', async () => {
    const api = await startFakeApi({
      cors: 'allow-list',
      headers: HARDENED,
      intercept: (req, res) => {
        if (req.url === '/openapi.yaml') {
          res.writeHead(200, { 'content-type': 'application/yaml' }).end(SPEC);
          return true;
        }
        if (req.url === '/v1/users/7') {
          res.writeHead(200, { ...HARDENED, 'content-type': 'application/json' }).end('{"id":7,"name":"Grace","email":"grace@example.com"}');
          return true;
        }
        return false;
      },
    });
    try {
      const res = await scanWith({ url: api.url, openapi_url: `${api.origin}/openapi.yaml` });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{
        findings: { rule_id: string; severity: string; cwe?: string; owasp_categories: string[]; title: string; description: string; evidence: string; location: { url: string; method: string } }[];
        warnings: string[];
        stats: Record<string, unknown>;
      }>();
      const open = body.findings.filter((f) => f.rule_id === 'unauthenticated-data');
      expect(open).toHaveLength(1);
      expect(open[0]).toMatchObject({ severity: 'HIGH', cwe: 'CWE-306', location: { url: `${api.origin}/v1/users/7`, method: 'GET' } });
      expect(open[0]?.owasp_categories).toEqual(['A01:2021', 'A01:2025', 'A07:2021', 'A07:2025']);
      expect(open[0]?.description).toMatch(/OWASP API1:2023 Broken Object Level Authorization, API2:2023 Broken Authentication/);
      expect(open[0]?.title).toBe('GET /v1/users/7 serves an object without credentials although it declares security');
      expect(open[0]?.evidence).toContain('OpenAPI: GET /v1/users/{id} (operationId getUser) declares security required: bearerAuth');
      expect(open[0]?.evidence).not.toContain('grace@example.com');
      // The secured operation first, then at most 10 paths in all; /logout never.
      const asked = api.requests.map((q) => q.url);
      expect(asked).toContain('/openapi.yaml');
      expect(asked).not.toContain('/v1/logout');
      expect(asked.filter((u) => u.startsWith('/v1/'))).toHaveLength(10);
      expect(body.stats).toMatchObject({ paths_probed: 10, openapi_get_operations: 15 });
      expect(body.warnings).toEqual([
        'openapi_url: 10 of 15 GET operations probed (at most 10 paths per scan, secured operations first); 4 not probed',
        'openapi_url: 1 GET operation(s) not probed because the path reads like a state change: /v1/logout',
      ]);
      for (const q of api.requests) {
        expect(q.headers.authorization).toBeUndefined();
        expect(q.headers.cookie).toBeUndefined();
      }
    } finally {
      await api.close();
    }
  });

  it('400 with a detail naming openapi_url for an unreachable, missing, invalid, oversized or internal document, before the target is contacted', async () => {
    const target = await startFakeApi();
    const docs = await startFakeApi({
      intercept: (req, res) => {
        if (req.url === '/missing.json') res.writeHead(404).end('{"error":"not found"}');
        else if (req.url === '/page.html') res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Swagger UI</body></html>');
        else if (req.url === '/big.json') res.writeHead(200, { 'content-type': 'application/json' }).end(`{"openapi":"3.0.0","x":"${'a'.repeat(2 * 1024 * 1024)}"}`);
        else return false;
        return true;
      },
    });
    const closed = await startFakeApi();
    const closedOrigin = closed.origin;
    await closed.close();
    try {
      const cases: [string, RegExp][] = [
        [`${closedOrigin}/openapi.json`, /^Could not fetch openapi_url: connection refused/],
        [`${docs.origin}/missing.json`, new RegExp(`^Could not fetch openapi_url: it answered 404 at ${docs.origin}/missing.json$`)],
        [`${docs.origin}/page.html`, /^Invalid OpenAPI document: the top level is not an object$/],
        [`${docs.origin}/big.json`, /^Invalid OpenAPI document: larger than 2 MiB$/],
        ['http://10.0.0.1/openapi.json', /^openapi_url is not publicly reachable: 10\.0\.0\.1 is a private-use/],
        ['ftp://example.com/openapi.json', /^Invalid openapi_url: /],
      ];
      for (const [openapiUrl, detail] of cases) {
        const res = await scanWith({ url: target.url, openapi_url: openapiUrl });
        expect(res.statusCode, openapiUrl).toBe(400);
        expect(res.json<{ detail: string }>().detail, openapiUrl).toMatch(detail);
      }
      expect(target.requests).toEqual([]);
    } finally {
      await Promise.all([target.close(), docs.close()]);
    }
  });

  it('scans the base URL and warns when the document has no GET operations', async () => {
    const api = await startFakeApi({
      intercept: (req, res) => {
        if (req.url !== '/openapi.json') return false;
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"openapi":"3.1.0","paths":{"/x":{"post":{}}}}');
        return true;
      },
    });
    try {
      const res = await scanWith({ url: api.url, openapi_url: `${api.origin}/openapi.json` });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ warnings: string[]; stats: Record<string, unknown> }>();
      expect(body.warnings).toEqual([`openapi_url: the document (${api.origin}/openapi.json) has no GET operations; only the base URL was scanned`]);
      expect(body.stats).toMatchObject({ paths_probed: 0, openapi_get_operations: 0 });
    } finally {
      await api.close();
    }
  });
});
