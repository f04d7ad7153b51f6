import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION } from '../../src/core/version.js';
import { openStorage, type Storage } from '../../src/adapters/storage/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { privateSchemaUrl, TEST_DATABASE_URL, type TestStorage } from '../helpers/storage.js';

/** A TCP relay to PostgreSQL that the test can cut, as a network failure would. */
async function startRelay(target: URL): Promise<{ port: number; cut: () => void; server: Server }> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => s.destroy());
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no relay port');
  return {
    port: address.port,
    server,
    cut: () => {
      server.close();
      for (const s of sockets) s.destroy();
    },
  };
}

describe('GET /health', () => {
  let storage: Storage;
  let t: TestApp;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const schema = await privateSchemaUrl();
    drop = schema.drop;
    relay = await startRelay(new URL(TEST_DATABASE_URL));
    const url = new URL(schema.url);
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    storage = await openStorage({ databaseUrl: url.toString(), dataDir: '/tmp' });
    const ts: TestStorage = { storage, dataDir: '/tmp', databaseUrl: url.toString(), cleanup: () => storage.close() };
    t = await createTestApp(ts);
  });
  afterAll(async () => {
    await t.close();
    await storage.close();
    relay.cut();
    await drop();
  });

  it('answers 200 {status: ok, version} without a key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', version: VERSION });
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('answers 503 with a status other than ok when the database is unreachable', async () => {
    relay.cut();
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(body.status).not.toBe('ok');
    expect(body).toMatchObject({ version: VERSION, detail: 'Database unreachable' });
  });
});
