import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, RedisQuotaStore } from '../../src/services/accounts/quotas.js';
import { openStorage, type Storage } from '../../src/adapters/storage/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, privateSchemaUrl, TEST_DATABASE_URL, TEST_REDIS_URL, type TestStorage } from '../helpers/storage.js';
import { TcpProxy } from '../helpers/tcp-proxy.js';

function hostPort(url: string, fallbackPort: number): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || fallbackPort) };
}

describe('a Redis that accepts connections but never answers', () => {
  let proxy: TcpProxy;
  let ts: TestStorage;
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    proxy = await new TcpProxy(hostPort(TEST_REDIS_URL, 6379)).start();
    ts = await openTestStorage('embedded');
    const redis = connectRedis(`redis://127.0.0.1:${proxy.port}`, { commandTimeoutMs: 500 });
    t = await createTestApp(ts, { quotaStore: new RedisQuotaStore(redis) });
    key = await t.newAccount('pro');
  });
  afterAll(async () => {
    await t.close();
    await ts.cleanup();
    await proxy.close();
  });

  it('gives counted requests a 503 with Retry-After instead of hanging, and serves them again once Redis is back', async () => {
    const account = () => t.app.inject({ method: 'GET', url: '/v1/account', headers: { 'x-api-key': key } });
    expect((await account()).statusCode).toBe(200);

    proxy.mode = 'hang';
    proxy.cut(); // the client reconnects into a server that reads and never answers
    const hung = await account();
    expect(hung.statusCode).toBe(503);
    expect(hung.headers['retry-after']).toBeDefined();
    expect(hung.json().detail).toContain('Quota store unavailable');
    expect((await account()).statusCode).toBe(503);

    // Recovered: the connections made while it hung are still dead ones; the client must replace them.
    proxy.mode = 'pass';
    let status = 0;
    for (let attempt = 0; attempt < 40 && status !== 200; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await account()).statusCode;
    }
    expect(status).toBe(200);
  }, 60_000);
});

describe('a PostgreSQL that goes away', () => {
  let proxy: TcpProxy;
  let storage: Storage;
  let drop: () => Promise<void>;
  let dataDir: TestStorage;
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    proxy = await new TcpProxy(hostPort(TEST_DATABASE_URL, 5432)).start();
    const schema = await privateSchemaUrl();
    drop = schema.drop;
    const url = new URL(schema.url);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    dataDir = await openTestStorage('embedded'); // only for its temporary folder
    storage = await openStorage({ databaseUrl: url.toString(), dataDir: dataDir.dataDir });
    t = await createTestApp({ ...dataDir, storage, databaseUrl: url.toString() });
    key = await t.newAccount('pro');
  });
  afterAll(async () => {
    await t.close();
    await storage.close();
    await dataDir.cleanup();
    await proxy.close();
    await drop();
  });

  it('answers 503 with Retry-After on API routes and /health while it is down, and recovers', async () => {
    const account = () => t.app.inject({ method: 'GET', url: '/v1/account', headers: { 'x-api-key': key } });
    expect((await account()).statusCode).toBe(200);
    proxy.mode = 'refuse';
    proxy.cut();
    const down = await account();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ detail: 'Database unavailable; retry shortly' });
    expect(down.headers['retry-after']).toBe('5');
    const scans = await t.app.inject({ method: 'GET', url: '/v1/scans', headers: { 'x-api-key': key } });
    expect(scans.statusCode).toBe(503);
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(503);
    proxy.mode = 'pass';
    expect((await account()).statusCode).toBe(200);
  }, 60_000);
});
