import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';

// A scanned API that holds every request until the test opens the gate, and one that never
// answers CORS preflights (OPTIONS) at all.
let gateOpen = false;
const waiting: ServerResponse[] = [];
function answer(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
}
let gated: Server;
let silentProbes: Server;
let ts: TestStorage;
let t: TestApp;

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

let gatedUrl: string;
let silentUrl: string;
let plain: Server;
let plainUrl: string;

beforeAll(async () => {
  ({ server: gated, url: gatedUrl } = await listen((_req, res) => (gateOpen ? answer(res) : waiting.push(res))));
  ({ server: plain, url: plainUrl } = await listen((_req, res) => answer(res)));
  ({ server: silentProbes, url: silentUrl } = await listen((req, res) => {
    if (req.method !== 'OPTIONS') answer(res);
  }));
  ts = await openTestStorage('embedded');
  t = await createTestApp(ts, {
    env: {
      SCAN_API_ALLOW_CIDRS: '127.0.0.1/32',
      VIGIL_MAX_CONCURRENT_API_SCANS: '6',
      VIGIL_MAX_API_SCANS_PER_ACCOUNT: '3',
      VIGIL_API_SCAN_TIMEOUT_MS: '20000',
      VIGIL_API_PROBE_TIMEOUT_MS: '3000',
    },
  });
});

afterAll(async () => {
  gateOpen = true;
  for (const res of waiting.splice(0)) answer(res);
  await t.close();
  await ts.cleanup();
  gated.closeAllConnections();
  silentProbes.closeAllConnections();
  plain.closeAllConnections();
  await Promise.all([gated, silentProbes, plain].map((server) => new Promise((r) => server.close(r))));
});

const scanApi = (key: string, url: string) => t.app.inject({ method: 'POST', url: '/v1/scan/api', headers: { 'x-api-key': key }, payload: { url } });

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
}

describe('fair scan capacity', () => {
  it('holds one account to its share of API scan slots: its next scan waits while another account is served', async () => {
    const greedy = await t.newAccount('team');
    const other = await t.newAccount('free');
    const running = [1, 2, 3].map((i) => scanApi(greedy, `${gatedUrl}/a${i}`));
    await until(() => waiting.length >= 3);
    // The fourth waits in the queue (slots are free, but not for this account): no 429, no request to the target yet.
    const fourth = t.app.inject({
      method: 'POST',
      url: '/v1/scan/api',
      headers: { 'x-api-key': greedy, 'x-vigil-progress-id': 'greedy-fourth-0001' },
      payload: { url: `${gatedUrl}/a4` },
    });
    const stage = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/scans/progress/greedy-fourth-0001', headers: { 'x-api-key': greedy } });
      return res.statusCode === 200 ? res.json<{ stage: string }>().stage : undefined;
    };
    for (let i = 0; i < 200 && (await stage()) === undefined; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await stage()).toBe('queued');

    // Another account is served while the greedy one holds its three slots.
    const fair = await scanApi(other, `${plainUrl}/b`);
    expect(fair.statusCode, fair.body).toBe(200);
    expect(waiting.length).toBe(3);
    expect(await stage()).toBe('queued');

    gateOpen = true;
    for (const res of waiting.splice(0)) answer(res);
    const done = await Promise.all([...running, fourth]);
    expect(done.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const usage = await t.app.inject({ method: 'GET', url: '/v1/account', headers: { 'x-api-key': greedy } });
    expect(usage.json().usage.scans).toBe(4);
  }, 60_000);

  it('bounds each probe: a target that never answers preflights still gets a result, with a warning', async () => {
    const key = await t.newAccount('pro');
    const res = await scanApi(key, `${silentUrl}/api`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().warnings.some((w: string) => /probe request\(s\) got no answer/.test(w))).toBe(true);
  }, 60_000);
});
