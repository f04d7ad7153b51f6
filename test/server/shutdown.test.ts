import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gracefulClose } from '../../src/main.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';

describe('graceful shutdown', () => {
  let ts: TestStorage;
  beforeAll(async () => {
    ts = await openTestStorage('embedded');
  });
  afterAll(async () => {
    await ts.cleanup();
  });

  let handlerFinishedAt = 0;
  async function listening(delayMs: number): Promise<{ t: TestApp; url: string }> {
    const t = await createTestApp(ts, {
      extraV1Routes: (scope) => {
        scope.get('/probe/slow', async () => {
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          handlerFinishedAt = Date.now();
          return { finished: true };
        });
      },
    });
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    return { t, url };
  }

  it('finishes in-flight requests, refuses new connections, then closes resources', async () => {
    const { t, url } = await listening(400);
    const key = await t.newAccount('team');
    const inflight = fetch(`${url}/v1/probe/slow`, { headers: { 'x-api-key': key } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    let resourcesClosedAt = 0;
    const closing = gracefulClose(t.app, 5_000, () => {
      resourcesClosedAt = Date.now();
      return Promise.resolve();
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(fetch(`${url}/health`)).rejects.toThrow();
    const res = await inflight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ finished: true });
    expect(await closing).toBe('clean');
    expect(handlerFinishedAt).toBeGreaterThan(0);
    expect(resourcesClosedAt).toBeGreaterThanOrEqual(handlerFinishedAt);
  });

  it('gives up after the timeout and still closes resources', async () => {
    const { t, url } = await listening(3_000);
    const key = await t.newAccount('team');
    const inflight = fetch(`${url}/v1/probe/slow`, { headers: { 'x-api-key': key } }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    let closed = false;
    const outcome = await gracefulClose(t.app, 200, () => {
      closed = true;
      return Promise.resolve();
    });
    expect(outcome).toBe('timeout');
    expect(closed).toBe(true);
    await inflight;
  });
});
