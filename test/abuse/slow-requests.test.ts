import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAW_ANSWERS_PER_TURN } from '../../src/http/connections.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';

// Attackers connect from 127.0.0.2 (Linux routes all of 127/8 to loopback); the honest client
// from 127.0.0.1, so the per-address limit tells them apart as it would two hosts.
const ATTACKER = '127.0.0.2';
const PER_ADDRESS = 40;

let ts: TestStorage;
let t: TestApp;
let port: number;
let key: string;

beforeAll(async () => {
  ts = await openTestStorage('embedded');
  t = await createTestApp(ts, {
    env: { VIGIL_REQUEST_TIMEOUT_MS: '1500', VIGIL_HEADERS_TIMEOUT_MS: '1000', VIGIL_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS) },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  key = await t.newAccount('free');
});

afterAll(async () => {
  await t.close();
  await ts.cleanup();
});

interface Raw {
  socket: Socket;
  received: () => string;
  closed: Promise<void>;
}

function open(localAddress: string, first: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    let data = '';
    const socket = connect({ host: '127.0.0.1', port, localAddress }, () => {
      socket.write(first);
      resolve({ socket, received: () => data, closed });
    });
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
    socket.once('error', (error) => (socket.connecting ? reject(error) : undefined));
  });
}

const slowHead = 'POST /auth/email HTTP/1.1\r\nHost: vigil\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{';

async function within<T>(ms: number, work: Promise<T>): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('slow and malformed requests', () => {
  it('a slow-POST flood from one address neither exhausts the service nor delays other clients', async () => {
    const flood: Raw[] = [];
    for (let i = 0; i < PER_ADDRESS * 3; i++) flood.push(await open(ATTACKER, slowHead));
    const trickle = setInterval(() => {
      for (const c of flood) if (!c.socket.destroyed) c.socket.write(' ');
    }, 200);
    try {
      // Past the per-address limit the connections are refused at once with 429.
      const refused = flood.slice(PER_ADDRESS);
      await Promise.all(refused.map((c) => within(10_000, c.closed)));
      for (const c of refused) {
        expect(c.received()).toMatch(/^HTTP\/1\.1 429 /);
        expect(c.received()).toContain('"detail":"Too many open connections from your address');
      }
      // Meanwhile an honest client is served.
      const res = await fetch(`http://127.0.0.1:${port}/v1/account`, { headers: { 'x-api-key': key } });
      expect(res.status).toBe(200);
      // The trickling ones are cut off by the request timeout with a 408 and a detail.
      const admitted = flood.slice(0, PER_ADDRESS);
      const outcome = await Promise.all(admitted.map((c) => within(15_000, c.closed)));
      expect(outcome.filter((o) => o === 'late')).toEqual([]);
      expect(admitted.every((c) => c.received().startsWith('HTTP/1.1 408 '))).toBe(true);
      expect(admitted[0]?.received()).toContain('"detail":"Request timeout');
      // Their slots are free again once the server has seen them close.
      let answer = '';
      for (let attempt = 0; attempt < 50 && !answer.startsWith('HTTP/1.1 200 '); attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
        const again = await open(ATTACKER, 'GET /health HTTP/1.1\r\nHost: vigil\r\nConnection: close\r\n\r\n');
        await within(10_000, again.closed);
        answer = again.received();
      }
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      clearInterval(trickle);
      for (const c of flood) c.socket.destroy();
    }
  }, 60_000);

  it('a burst past the per-address limit is answered 429 throughout, and none of its requests is served', async () => {
    const burstFrom = '127.0.0.3';
    const held: Raw[] = [];
    for (let i = 0; i < PER_ADDRESS; i++) held.push(await open(burstFrom, slowHead));
    const count = RAW_ANSWERS_PER_TURN * 2 + 17;
    const burst = await Promise.all(Array.from({ length: count }, () => open(burstFrom, 'GET /health HTTP/1.1\r\nHost: vigil\r\n\r\n')));
    try {
      const outcome = await Promise.all(burst.map((c) => within(10_000, c.closed)));
      expect(outcome.filter((o) => o === 'late')).toEqual([]);
      const statuses = burst.map((c) => c.received().split('\r\n', 1)[0]);
      expect(new Set(statuses)).toEqual(new Set(['HTTP/1.1 429 Too Many Requests']));
    } finally {
      for (const c of [...held, ...burst]) c.socket.destroy();
    }
  }, 30_000);

  it('a request whose headers never end is answered 408', async () => {
    const c = await open(ATTACKER, 'GET /health HTTP/1.1\r\nHost: vigil\r\n');
    const trickle = setInterval(() => c.socket.write('X-Slow: 1\r\n'), 200);
    try {
      expect(await within(15_000, c.closed)).not.toBe('late');
      expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(trickle);
      c.socket.destroy();
    }
  }, 30_000);

  it('malformed HTTP gets a {detail} body and the security headers', async () => {
    const c = await open('127.0.0.1', 'GET / HTTP/1.1\r\nHost vigil\r\n\r\n');
    await within(10_000, c.closed);
    const answer = c.received();
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    // Header names are case-insensitive: compare them lower-cased, values exactly.
    const headers = new Map(
      answer
        .slice(0, answer.indexOf('\r\n\r\n'))
        .split('\r\n')
        .slice(1)
        .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as const),
    );
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toEqual({ detail: expect.stringContaining('Malformed HTTP request') });
  });
});
