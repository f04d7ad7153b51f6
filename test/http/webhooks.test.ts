import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../src/services/accounts/plans.js';
import { sign, verify } from '../../src/services/webhooks/signature.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';
import { startFakeApi, type FakeApi } from '../scanners/http/servers.js';

interface Received {
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/** A loopback receiver: records every delivery and answers with the next status of its script (then 200). */
async function receiver(script: number[]): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(script.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let ts: TestStorage;
let t: TestApp;
let target: FakeApi;

beforeAll(async () => {
  target = await startFakeApi();
  ts = await openTestStorage('embedded');
  t = await createTestApp(ts, {
    env: { SCAN_API_ALLOW_CIDRS: '127.0.0.1/32', VIGIL_WEBHOOK_ALLOW_CIDRS: '127.0.0.1/32', VIGIL_WEBHOOK_RETRY_MS: '50', VIGIL_WEBHOOK_MAX_ATTEMPTS: '3' },
    limitsFor: (plan) => ({ ...PLAN_LIMITS[plan], scans: null }),
  });
});

afterAll(async () => {
  await t.close();
  await ts.cleanup();
  await target.close();
});

const until = async (condition: () => boolean | Promise<boolean>, what: string) => {
  for (let i = 0; i < 1000; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
};

async function register(key: string, url: string): Promise<{ id: string; secret: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: { 'x-api-key': key }, payload: { url } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const deliveries = async (key: string, id: string) =>
  (await t.app.inject({ method: 'GET', url: `/v1/webhooks/${id}/deliveries`, headers: { 'x-api-key': key } })).json<{ items: Record<string, unknown>[] }>().items;

describe('webhooks', () => {
  it('signs scan.completed with HMAC-SHA256 over the timestamp and body, retries a failed delivery, and logs it', async () => {
    const hook = await receiver([500]);
    try {
      const key = await t.newAccount('pro');
      const { id, secret } = await register(key, hook.url);
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      const listed = await t.app.inject({ method: 'GET', url: '/v1/webhooks', headers: { 'x-api-key': key } });
      expect(listed.json()).toEqual({ items: [{ id, url: hook.url, created_at: expect.any(String) }] });

      const scan = await t.app.inject({ method: 'POST', url: '/v1/scan/api', headers: { 'x-api-key': key }, payload: { url: target.url } });
      expect(scan.statusCode).toBe(200);
      const scanId = scan.json<{ scan_id: string }>().scan_id;
      await until(() => hook.received.length >= 2, 'the retried delivery');
      const [first, second] = hook.received;
      for (const delivery of [first, second]) {
        const header = String(delivery?.headers['vigil-signature']);
        expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        expect(verify(secret, delivery?.body ?? '', header, Math.floor(Date.now() / 1000))).toBe(true);
        expect(verify(secret, `${delivery?.body ?? ''} `, header, Math.floor(Date.now() / 1000))).toBe(false);
        expect(verify('whsec_other', delivery?.body ?? '', header, Math.floor(Date.now() / 1000))).toBe(false);
        expect(delivery?.headers['vigil-event']).toBe('scan.completed');
      }
      expect(first?.headers['vigil-delivery']).toBe(second?.headers['vigil-delivery']);
      const event = JSON.parse(second?.body ?? '{}') as { type: string; data: Record<string, unknown> };
      expect(event).toMatchObject({ type: 'scan.completed', data: { scan_id: scanId, status: 'completed', target_type: 'api', target: target.url, url: `/v1/scans/${scanId}` } });
      expect(event.data.finding_count).toBe(scan.json<{ finding_count: number }>().finding_count);

      await until(async () => (await deliveries(key, id))[0]?.status === 'delivered', 'the log to say delivered');
      expect((await deliveries(key, id))[0]).toMatchObject({ event: 'scan.completed', scan_id: scanId, status: 'delivered', attempts: 2, last_status: 200, last_error: null, next_attempt_at: null });
    } finally {
      await hook.close();
    }
  });

  it('sends scan.failed for a scan that fails, with its error', async () => {
    const hook = await receiver([]);
    const closed = await startFakeApi();
    const closedUrl = closed.url;
    await closed.close();
    try {
      const key = await t.newAccount('pro');
      await register(key, hook.url);
      const scan = await t.app.inject({ method: 'POST', url: '/v1/scan/api', headers: { 'x-api-key': key, prefer: 'respond-async' }, payload: { url: closedUrl } });
      expect(scan.statusCode).toBe(202);
      await until(() => hook.received.length >= 1, 'the failure event');
      const event = JSON.parse(hook.received[0]?.body ?? '{}') as { type: string; data: { error: { status: number; detail: string } } };
      expect(event.type).toBe('scan.failed');
      expect(event.data.error.status).toBe(400);
      expect(event.data.error.detail).toMatch(/^Could not reach target URL/);
    } finally {
      await hook.close();
    }
  });

  it('gives up after the last attempt, and never delivers to an address outside the allow-list', async () => {
    const hook = await receiver([503, 503, 503, 503]);
    try {
      const key = await t.newAccount('pro');
      const failing = await register(key, hook.url);
      const port = new URL(hook.url).port;
      const internal = await register(key, `http://127.0.0.2:${port}/hook`);
      const scan = await t.app.inject({ method: 'POST', url: '/v1/scan/api', headers: { 'x-api-key': key }, payload: { url: target.url } });
      expect(scan.statusCode).toBe(200);
      await until(async () => (await deliveries(key, failing.id))[0]?.status === 'failed', 'the delivery to fail');
      expect((await deliveries(key, failing.id))[0]).toMatchObject({ status: 'failed', attempts: 3, last_status: 503, last_error: 'answered 503' });
      expect(hook.received).toHaveLength(3);
      await until(async () => (await deliveries(key, internal.id))[0]?.status === 'failed', 'the internal delivery to fail');
      expect(String((await deliveries(key, internal.id))[0]?.last_error)).toMatch(/not publicly reachable/);
    } finally {
      await hook.close();
    }
  });

  it('keeps webhooks private to their account and deletes them', async () => {
    const key = await t.newAccount('pro');
    const other = await t.newAccount('pro');
    const { id } = await register(key, 'https://hooks.example.test/vigil');
    expect((await t.app.inject({ method: 'GET', url: `/v1/webhooks/${id}/deliveries`, headers: { 'x-api-key': other } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/webhooks/${id}`, headers: { 'x-api-key': other } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/webhooks/${id}`, headers: { 'x-api-key': key } })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/v1/webhooks', headers: { 'x-api-key': key } })).json()).toEqual({ items: [] });
    const bad = await t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: { 'x-api-key': key }, payload: { url: 'ftp://example.test/' } });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a signature whose timestamp is too old', () => {
    const body = '{"type":"scan.completed"}';
    const now = Math.floor(Date.now() / 1000);
    expect(verify('whsec_x', body, sign('whsec_x', body, now - 10), now)).toBe(true);
    expect(verify('whsec_x', body, sign('whsec_x', body, now - 3600), now)).toBe(false);
  });
});
