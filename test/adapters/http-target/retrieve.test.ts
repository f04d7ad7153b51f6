import { afterEach, describe, expect, it } from 'vitest';
import { isAppError } from '../../../src/core/errors.js';
import { retrieve } from '../../../src/adapters/http-target/retrieve.js';
import { type ApiFinding, scanRetrieved } from '../../../src/scanners/http/scanner.js';
import { type CorsMode, type FakeApi, type FakeApiOptions, startFakeApi } from '../../scanners/http/servers.js';

const LOOPBACK = ['127.0.0.1/32'] as const;
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

const BAD_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  server: 'Apache/2.4.49 (Unix)',
  'x-powered-by': 'PHP/8.1.2',
  'set-cookie': 'PHPSESSID=a1b2c3d4e5; path=/',
};

const GOOD_HEADERS = {
  'content-type': 'application/json',
  'content-security-policy': API_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'cache-control': 'no-store',
};

const servers: FakeApi[] = [];
async function api(options: FakeApiOptions): Promise<FakeApi> {
  const server = await startFakeApi(options);
  servers.push(server);
  return server;
}
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function scan(server: FakeApi, concurrency?: number): Promise<ApiFinding[]> {
  const r = await retrieve(server.url, { allowCidrs: LOOPBACK, ...(concurrency === undefined ? {} : { concurrency }) });
  return scanRetrieved(r);
}

const materials = (findings: ApiFinding[]) => findings.map((f) => f.raw.fingerprintMaterial);
const cors = (findings: ApiFinding[]) => findings.filter((f) => f.raw.category === 'cors');

describe('retrieve + scan against loopback APIs', () => {
  it('reports a header set with the usual problems', async () => {
    const server = await api({ headers: BAD_HEADERS });
    const findings = await scan(server);
    expect(materials(findings)).toEqual(
      expect.arrayContaining([
        'information-disclosure:server-version:server',
        'information-disclosure:powered-by-version:x-powered-by',
        'cookie-attributes:session-cookie:PHPSESSID',
        'https-enforcement:plain-http',
        'content-security-policy:missing',
        'framing-protection:missing',
        'x-content-type-options:missing',
      ]),
    );
    for (const f of findings.filter((x) => x.raw.category === 'headers')) {
      expect(f.url).toBe(server.url);
      expect(f.method).toBe('GET');
    }
    expect(findings.find((f) => f.raw.ruleId === 'https-enforcement')?.raw.severity).toBe('HIGH');
    for (const f of findings) expect(f.raw.evidence).not.toContain('a1b2c3d4e5');
  });

  it('finds only the plain-http transport on a hardened API with an exact allow-list', async () => {
    const server = await api({ headers: GOOD_HEADERS, cors: 'allow-list' });
    expect(materials(await scan(server))).toEqual(['https-enforcement:plain-http']);
  });

  it.each<[CorsMode, string, string, string]>([
    ['reflect-any', 'cors-origin-reflection:reflect', 'MEDIUM', 'GET'],
    ['reflect-credentials', 'cors-origin-reflection:reflect-credentials-write', 'CRITICAL', 'OPTIONS'],
    ['null-trusted', 'cors-null-origin:null-credentials', 'HIGH', 'GET'],
    ['suffix-bug', 'cors-origin-validation-bypass:bypass-credentials:suffix', 'HIGH', 'GET'],
    ['prefix-bug', 'cors-origin-validation-bypass:bypass-credentials:prefix', 'HIGH', 'GET'],
    ['unescaped-dot-bug', 'cors-origin-validation-bypass:bypass-credentials:unescaped-dot', 'HIGH', 'GET'],
  ])('reports a %s CORS policy as %s', async (mode, material, severity, method) => {
    const server = await api({ headers: GOOD_HEADERS, cors: mode });
    const findings = cors(await scan(server));
    const finding = findings.find((f) => f.raw.fingerprintMaterial === material);
    expect(finding?.raw.severity).toBe(severity);
    expect(finding?.method).toBe(method);
    expect(finding?.url).toBe(server.url);
    expect(finding?.raw.evidence).toMatch(new RegExp(`^Origin: \\S+ \\(sent with ${method}\\)\\nAccess-Control-Allow-Origin: `));
    // One mistake, one origin finding: the other bypass kinds are not reported for it.
    const originFindings = findings.filter((f) => /reflection|null-origin|bypass|insecure-origin/.test(f.raw.ruleId));
    expect(originFindings.map((f) => f.raw.fingerprintMaterial)).toEqual([material]);
  });

  it('reports nothing about CORS for an exact allow-list', async () => {
    const server = await api({ headers: GOOD_HEADERS, cors: 'allow-list' });
    expect(cors(await scan(server))).toEqual([]);
  });

  it('sends a GET per probe origin, preflights from the unrelated and the null origin, and counts every request', async () => {
    const server = await api({ headers: GOOD_HEADERS, cors: 'allow-list' });
    const r = await retrieve(server.url, { allowCidrs: LOOPBACK });
    // main GET + 12 origins for an http IP target (no sibling, no http-scheme variant) + 2 preflights
    expect(r.requestCount).toBe(15);
    expect(server.requests).toHaveLength(r.requestCount);
    expect(r.httpVariant).toBeNull();
    const preflights = server.requests.filter((q) => q.method === 'OPTIONS');
    expect(preflights.map((q) => q.headers.origin).sort()).toEqual(['https://vigil-probe.example', 'null']);
    for (const q of preflights) {
      expect(q.headers['access-control-request-method']).toBe('PUT');
      expect(q.headers['access-control-request-headers']).toBe('authorization, x-vigil-probe');
    }
    const origins = new Set(server.requests.map((q) => q.headers.origin));
    expect(origins).toEqual(
      new Set([
        undefined,
        server.origin,
        'https://vigil-probe.example',
        'null',
        'https://127.0.0.1.evil-vigil.example',
        'https://evil127.0.0.1',
        'https://127x0.0.1',
        'https://127.0.0.1_.evil-vigil.example',
        'https://127.0.0.1`.evil-vigil.example',
        'https://127.0.0.1!.evil-vigil.example',
        'https://vigil-probe.github.io',
        'https://codepen.io',
        'https://jsfiddle.net',
      ]),
    );
    for (const q of server.requests) expect(q.headers.cookie).toBeUndefined();
  });

  it.each([[2], [4]])('keeps at most %i probes in flight', async (concurrency) => {
    const server = await api({ headers: GOOD_HEADERS, delayMs: 25 });
    await retrieve(server.url, { allowCidrs: LOOPBACK, concurrency });
    expect(server.maxInFlight()).toBeLessThanOrEqual(concurrency);
    expect(server.maxInFlight()).toBeGreaterThan(1);
  });

  it('records failed probes as errors and still scans', async () => {
    const server = await api({
      headers: GOOD_HEADERS,
      cors: 'reflect-any',
      intercept: (req) => {
        if (req.method === 'OPTIONS') req.socket.destroy();
        return req.method === 'OPTIONS';
      },
    });
    const r = await retrieve(server.url, { allowCidrs: LOOPBACK });
    const failed = r.probes.filter((p) => !p.exchange.ok);
    // arbitrary and null, then one per other kind the GETs showed trusted (prefix, suffix, dot, special, third-party)
    expect(failed).toHaveLength(7);
    for (const p of failed) {
      expect(p.method).toBe('OPTIONS');
      if (!p.exchange.ok) expect(p.exchange.error).toMatch(/^Could not reach target URL/);
    }
    expect(r.requests.filter((q) => q.status === null)).toHaveLength(7);
    expect(materials(scanRetrieved(r))).toContain('cors-origin-reflection:reflect');
  });

  it('follows redirects of the main GET and probes the final URL', async () => {
    const server = await api({
      headers: GOOD_HEADERS,
      cors: 'reflect-any',
      intercept: (req, res) => {
        if (req.url !== '/') return false;
        res.writeHead(302, { location: '/v1/' }).end();
        return true;
      },
    });
    const r = await retrieve(server.url, { allowCidrs: LOOPBACK });
    expect(r.main.finalUrl).toBe(`${server.origin}/v1/`);
    expect(r.main.redirects).toEqual([{ url: server.url, status: 302, location: '/v1/' }]);
    expect(r.requests.slice(0, 2).map((q) => q.status)).toEqual([302, 200]);
    expect(new Set(server.requests.slice(2).map((q) => q.url))).toEqual(new Set(['/v1/']));
    // redirect + main + 12 GETs + 2 preflights + 5 preflights for the kinds the GETs showed trusted
    expect(r.requestCount).toBe(21);
  });

  it('throws the client error when the target cannot be reached', async () => {
    const server = await startFakeApi();
    await server.close();
    const error: unknown = await retrieve(server.url, { allowCidrs: LOOPBACK }).catch((e: unknown) => e);
    expect(isAppError(error) && error.status).toBe(400);
    expect(isAppError(error) && error.detail).toMatch(/^Could not reach target URL/);
  });

  it('refuses loopback targets without an allow-list', async () => {
    const server = await api({ headers: GOOD_HEADERS });
    const error: unknown = await retrieve(server.url).catch((e: unknown) => e);
    expect(isAppError(error) && error.detail).toMatch(/^Target URL is not publicly reachable/);
    expect(server.requests).toHaveLength(0);
  });
});

describe('retrieve with paths and openapi_url', () => {
  const SPEC = JSON.stringify({
    openapi: '3.0.0',
    security: [{ key: [] }],
    paths: { '/v1/me': { get: {} }, '/v1/users/{id}': { get: { parameters: [{ name: 'id', in: 'path', example: 'u1' }] } } },
  });

  it('fetches the document before the target, merges listed and documented paths, and keeps each body sample', async () => {
    const server = await api({
      headers: GOOD_HEADERS,
      intercept: (req, res) => {
        if (req.url === '/openapi.json') res.writeHead(200, { 'content-type': 'application/json' }).end(SPEC);
        else if (req.url === '/v1/me') res.writeHead(200, GOOD_HEADERS).end('{"id":"u0","email":"me@example.com"}');
        else return false;
        return true;
      },
    });
    const r = await retrieve(server.url, { allowCidrs: LOOPBACK, paths: ['/v1/me', '/v1/other'], openapiUrl: `${server.origin}/openapi.json` });
    expect(server.requests[0]?.url).toBe('/openapi.json');
    expect(r.paths?.map((p) => [new URL(p.url).pathname, p.endpoint.source, p.endpoint.security])).toEqual([
      ['/v1/me', 'openapi', 'required'],
      ['/v1/other', 'paths', 'undeclared'],
      ['/v1/users/u1', 'openapi', 'required'],
    ]);
    expect(r.paths?.[0]?.body).toEqual({ text: '{"id":"u0","email":"me@example.com"}', truncated: false });
    expect(r.openapi).toEqual({ url: `${server.origin}/openapi.json`, version: '3.0.0', getOperations: 2, probed: 2, skipped: [] });
    expect(r.requestCount).toBe(r.requests.length);
    expect(r.requests.filter((q) => q.url.endsWith('/openapi.json'))).toHaveLength(1);
    const open = scanRetrieved(r).filter((f) => f.raw.ruleId === 'unauthenticated-data');
    expect(open.map((f) => [f.url, f.raw.fingerprintMaterial])).toEqual([[`${server.origin}/v1/me`, 'unauthenticated-data:secured-endpoint-open:/v1/me']]);
  });

  it('throws a 400 naming openapi_url when the document cannot be fetched, and never contacts the target', async () => {
    const server = await api({ headers: GOOD_HEADERS });
    const error = await retrieve(server.url, { allowCidrs: LOOPBACK, openapiUrl: 'http://169.254.169.254/openapi.json' }).catch((e: unknown) => e);
    expect(isAppError(error) && error.status).toBe(400);
    expect(isAppError(error) && error.detail).toMatch(/^openapi_url is not publicly reachable: 169\.254\.169\.254/);
    expect(server.requests).toEqual([]);
  });
});
