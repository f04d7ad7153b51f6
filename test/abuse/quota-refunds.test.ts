import { createServer, type Server } from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScanEngine } from '../../src/scans/engine.js';
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

  it('gives the count back when the scan was refused before any work (no free slot)', async () => {
    const engine = createScanEngine({ workers: 1, maxConcurrentScans: 1, maxConcurrentApiScans: 1, timeoutMs: 30_000 });
    const busy = await createTestApp(ts, { env: { SCAN_API_ALLOW_CIDRS: '127.0.0.1/32' }, scanEngine: engine });
    try {
      const key = await busy.newAccount('free');
      let release: () => void = () => undefined;
      const held = engine.apiCapacity.run(() => new Promise<void>((resolve) => (release = resolve)));
      const before = hits;
      const res = await busy.app.inject({ method: 'POST', url: '/v1/scan/api', headers: { 'x-api-key': key }, payload: { url: targetUrl } });
      release();
      await held;
      expect(res.statusCode).toBe(503);
      expect(hits).toBe(before);
      const account = await busy.app.inject({ method: 'GET', url: '/v1/account', headers: { 'x-api-key': key } });
      expect(account.json().usage.scans).toBe(0);
    } finally {
      await busy.close();
      await engine.close();
    }
  });
});
