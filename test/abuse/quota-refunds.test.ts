import { createServer, type Server, type ServerResponse } from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';

// A scanned API on loopback that counts the requests it gets.
let hits = 0;
let target: Server;
let targetUrl: string;
let ts: TestStorage;
let t: TestApp;

beforeAll(async () => {
  target = createServer((_req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const address = target.address();
  targetUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  ts = await openTestStorage('embedded');
  t = await createTestApp(ts, { env: { SCAN_API_ALLOW_CIDRS: '127.0.0.1/32' } });
});

afterAll(async () => {
  await t.close();
  await ts.cleanup();
  await new Promise((resolve) => target.close(resolve));
});

async function usedScans(key: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/v1/account', headers: { 'x-api-key': key } });
  return res.json().usage.scans as number;
}

const scanApi = (key: string, url: string) => t.app.inject({ method: 'POST', url: '/v1/scan/api', headers: { 'x-api-key': key }, payload: { url } });

describe('quota accounting under abuse', () => {
  it.each([
    ['a NUL character', `${'http://127.0.0.1/'}\u0000x`],
    ['a lone surrogate', `http://127.0.0.1/\uD800x`],
  ])('refuses a URL with %s up front: 400, nothing sent to the target, nothing counted', async (_what, url) => {
    const key = await t.newAccount('free');
    const before = hits;
    const res = await scanApi(key, url.replace('http://127.0.0.1/', targetUrl));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^Invalid request body: field "url" contains (a NUL character|an unpaired UTF-16 surrogate)/);
    expect(hits).toBe(before);
    expect(await usedScans(key)).toBe(0);
  });

  it('refuses unstorable text anywhere in a body, naming the field', async () => {
    const key = await t.newAccount('free');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/explain',
      headers: { 'x-api-key': key },
      payload: { finding: { title: 'x', location: { path: 'a\u0000b' } } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('field "finding.location.path" contains a NUL character');
    const signIn = await t.app.inject({ method: 'POST', url: '/auth/email', payload: { email: 'a\u0000@example.com' } });
    expect(signIn.statusCode).toBe(400);
  });

  it('counts a scan that reached its target even when it then fails with 500', async () => {
    const key = await t.newAccount('free');
    const before = hits;
    // Storing the result fails: the scan ran, so it counts.
    await sql`alter table scans rename to scans_away`.execute(ts.storage.db);
    let res;
    try {
      res = await scanApi(key, targetUrl);
    } finally {
      await sql`alter table scans_away rename to scans`.execute(ts.storage.db);
    }
    expect(res.statusCode).toBe(500);
    expect(hits).toBeGreaterThan(before);
    expect(await usedScans(key)).toBe(1);
  });

  it('gives the count back when the scan was refused before any work (the queue is full)', async () => {
    const busy = await createTestApp(ts, { env: { SCAN_API_ALLOW_CIDRS: '127.0.0.1/32', VIGIL_MAX_CONCURRENT_API_SCANS: '1', VIGIL_MAX_QUEUED_SCANS: '0' } });
    // A scanned API that holds its first request until released: the one slot stays taken.
    const held: ServerResponse[] = [];
    let holding = true;
    const gated = createServer((_req, res) => {
      if (holding) held.push(res);
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => gated.listen(0, '127.0.0.1', resolve));
    const address = gated.address();
    const gatedUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
    try {
      const key = await busy.newAccount('free');
      const other = await busy.newAccount('free');
      const occupying = busy.app.inject({ method: 'POST', url: '/v1/scan/api', headers: { 'x-api-key': other }, payload: { url: gatedUrl } });
      for (let i = 0; i < 400 && held.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      const before = hits;
      const res = await busy.app.inject({ method: 'POST', url: '/v1/scan/api', headers: { 'x-api-key': key }, payload: { url: targetUrl } });
      holding = false;
      for (const waiting of held.splice(0)) waiting.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      expect((await occupying).statusCode).toBe(200);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(hits).toBe(before);
      const account = await busy.app.inject({ method: 'GET', url: '/v1/account', headers: { 'x-api-key': key } });
      expect(account.json().usage.scans).toBe(0);
    } finally {
      await busy.close();
      gated.closeAllConnections();
      await new Promise((resolve) => gated.close(resolve));
    }
  });
});
