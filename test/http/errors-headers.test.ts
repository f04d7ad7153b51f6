import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';

const Finding = Type.Object({
  title: Type.String(),
  severity: Type.Union([Type.Literal('CRITICAL'), Type.Literal('HIGH'), Type.Literal('LOW')]),
  location: Type.Object({ path: Type.String(), line: Type.Integer() }),
});

function probeRoutes(scope: FastifyInstance): void {
  scope.post('/probe/echo', { schema: { body: Type.Object({ finding: Finding, token: Type.Optional(Type.String()) }) } }, (req) => ({
    received: req.body,
  }));
  scope.get('/probe/crash', () => {
    throw new Error('database exploded: password=hunter2');
  });
}

describe('errors, request ids and response hardening', () => {
  let ts: TestStorage;
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    ts = await openTestStorage('embedded');
    t = await createTestApp(ts, { extraV1Routes: probeRoutes, env: { VIGIL_BODY_LIMIT_BYTES: '4096' } });
    key = await t.newAccount('team');
  });
  afterAll(async () => {
    await t.close();
    await ts.cleanup();
  });

  const post = (payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/v1/probe/echo', headers: { 'x-api-key': key, 'content-type': contentType }, payload });
  const valid = { finding: { title: 'AWS access key', severity: 'HIGH', location: { path: 'a.js', line: 3 } } };

  it('names a missing field', async () => {
    const res = await post(JSON.stringify({ finding: { title: 't', severity: 'HIGH', location: { path: 'a.js' } } }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Invalid request body: field "finding.location.line" is required' });
  });

  it('names a field of the wrong type or value', async () => {
    const typed = await post(JSON.stringify({ finding: { ...valid.finding, location: { path: 'a.js', line: 'three' } } }));
    expect(typed.statusCode).toBe(400);
    expect(typed.json().detail).toMatch(/^Invalid request body: field "finding.location.line" must be an integer$/);
    const missingBody = await post(JSON.stringify({}));
    expect(missingBody.json().detail).toBe('Invalid request body: field "finding" is required');
    const notObject = await post(JSON.stringify([1, 2]));
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().detail).toMatch(/^Invalid request body/);
  });

  it('ignores unknown fields', async () => {
    const res = await post(JSON.stringify({ ...valid, extra: 'ignored', finding: { ...valid.finding, note: 1 } }));
    expect(res.statusCode).toBe(200);
  });

  it('answers malformed JSON with 400 without echoing any of the body', async () => {
    const res = await post('{"token": "gh' + 's_planted_secret_value_123", "finding": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Malformed JSON in request body' });
    expect(t.logs()).not.toContain('gh' + 's_planted_secret_value_123');
  });

  it('refuses prototype-poisoning bodies', async () => {
    const res = await post('{"__proto__": {"admin": true}, "finding": {}}');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['detail']);
  });

  it('answers an oversized body with 413', async () => {
    const res = await post(JSON.stringify({ ...valid, pad: 'x'.repeat(5000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'Request body is larger than the limit of 4096 bytes' });
  });

  it.each(['application/x-www-form-urlencoded', 'text/plain', 'text/plain; charset=utf-8'])('answers a %s body with 415', async (type) => {
    const res = await post(JSON.stringify(valid), type);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: 'Unsupported Content-Type: send the body as application/json' });
  });

  it('answers an unknown route with 404 {detail}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nowhere?q=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'No route for GET /nowhere' });
    expect((await t.app.inject({ method: 'DELETE', url: '/health' })).statusCode).toBe(404);
  });

  it('hides unexpected errors behind a generic 500 and logs them with the request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/probe/crash', headers: { 'x-api-key': key, 'x-request-id': 'trace-crash-1' } });
    expect(res.statusCode).toBe(500);
    expect(res.json().detail).toMatch(/^Internal server error/);
    expect(res.body).not.toContain('exploded');
    expect(res.headers['x-request-id']).toBe('trace-crash-1');
    const line = t.logs().split('\n').find((l) => l.includes('database exploded'));
    expect(line).toBeDefined();
    expect(JSON.parse(line ?? '{}')).toMatchObject({ level: 50, reqId: 'trace-crash-1' });
  });

  it('echoes a sane X-Request-Id and replaces an unsafe one', async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'bad id\twith spaces' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const generated = await t.app.inject({ method: 'GET', url: '/nowhere' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('hardens JSON responses: nosniff, no-store on /v1, strict CSP, no X-Powered-By, no CORS', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/account',
      headers: { 'x-api-key': key, origin: 'https://evil.example' },
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/account',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.statusCode).toBe(404);
  });

  it('sends HSTS only over HTTPS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without VIGIL_TRUST_PROXY a forwarded header is not believed.
    const spoofed = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApp(ts, { env: { VIGIL_TRUST_PROXY: 'true' } });
    try {
      const res = await proxied.app.inject({ method: 'GET', url: '/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    } finally {
      await proxied.close();
    }
  });
});
