import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { exchange } from '../../../src/adapters/net/exchange.js';
import { safeFetch, type SafeFetchOptions } from '../../../src/adapters/net/index.js';
import { BlockedAddressError } from '../../../src/adapters/net/lookup.js';
import { createAddressPolicy } from '../../../src/adapters/net/policy.js';
import { BLOCKED, expectAppError, fixedLookup, sequenceLookup, startCanary, startServer, type Canary, type TestServer } from './helpers.js';

/**
 * The SSRF battery. A canary listens on 127.0.0.1 (and ::1) and must never see a connection
 * from a client configured without an allow-list, whatever notation, name, redirect or
 * resolver trick points at it. Only loopback addresses are ever connected to.
 */
let canary: Canary;
let hitsBefore = 0;
const fast: SafeFetchOptions = { connectTimeoutMs: 500, totalTimeoutMs: 2_000 };

beforeAll(async () => {
  canary = await startCanary();
});
afterAll(async () => {
  await canary.close();
});
beforeEach(() => {
  hitsBefore = canary.hits();
});
afterEach(() => {
  expect(canary.hits() - hitsBefore, 'the canary was reached').toBe(0);
});

describe('IP literal notations of loopback and "this host"', () => {
  const hosts = [
    '127.0.0.1', '2130706433', '0177.0.0.1', '0x7f.1', '0x7f000001', '127.1', '127.0.1', '127.0.0.1.', '%31%32%37.0.0.1',
    '１２７.０.０.１', '0.0.0.0', '0', '[::]', '[::1]', '[0:0:0:0:0:0:0:1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]',
    '[::127.0.0.1]', '[::7f00:1]', '[2002:7f00:1::]', '[64:ff9b::7f00:1]', '[::ffff:0.0.0.0]',
  ];
  it.each(hosts)('refuses http://%s:port/', async (host) => {
    const error = await expectAppError(safeFetch(`http://${host}:${canary.port}/`, fast), 'bad_request');
    expect(error.detail).toMatch(BLOCKED);
  });

  it.each(['127.0.0.1', '[::1]', '2130706433'])('refuses https://%s:port/', async (host) => {
    const error = await expectAppError(safeFetch(`https://${host}:${canary.port}/`, fast), 'bad_request');
    expect(error.detail).toMatch(BLOCKED);
  });
});

describe('names resolving to internal addresses', () => {
  it.each(['localhost', 'LOCALHOST.', 'api.localhost', 'ⓛocalhost'])('refuses %s through the real resolver path', async (host) => {
    const error = await expectAppError(safeFetch(`http://${host}:${canary.port}/`, fast), 'bad_request');
    expect(error.detail).toMatch(/^Target URL is not publicly reachable: [a-z.]+ resolves to a loopback/);
  });

  it.each([['127.0.0.1'], ['::1'], ['::ffff:127.0.0.1'], ['0.0.0.0'], ['127.0.0.1', '::1']])(
    'refuses a name resolving to %s',
    async (...answers) => {
      const lookup = fixedLookup({ 'internal.test': answers });
      const error = await expectAppError(safeFetch(`http://internal.test:${canary.port}/`, { ...fast, lookup }), 'bad_request');
      expect(error.detail).toMatch(/^Target URL is not publicly reachable: internal\.test resolves to an? /);
      expect(lookup.calls).toEqual(['internal.test']);
    },
  );

  it.each(['127.0.0.9', '::ffff:127.0.0.9', '::ffff:7f00:9'])('says the kind of range, not the address %s', async (answer) => {
    const lookup = fixedLookup({ 'internal.test': answer });
    const error = await expectAppError(safeFetch(`http://internal.test:${canary.port}/`, { ...fast, lookup }), 'bad_request');
    expect(error.detail).toContain('loopback (127.0.0.0/8');
    expect(error.detail).not.toMatch(/127\.0\.0\.9|7f00:9/);
  });

  it('checks every answer: one allowed and one internal address is refused', async () => {
    const lookup = fixedLookup({ 'mixed.test': ['127.0.0.2', '127.0.0.1'] });
    const error = await expectAppError(
      safeFetch(`http://mixed.test:${canary.port}/`, { ...fast, lookup, allowCidrs: ['127.0.0.2/32'] }),
      'bad_request',
    );
    expect(error.detail).toMatch(BLOCKED);
  });
});

describe('redirects from an allowed server', () => {
  // Two allow-listed origins: 127.0.0.1 (for hops to ::1 and 10/8) and 127.0.0.2 (for hops back to 127.0.0.1).
  let target = '';
  const servers: TestServer[] = [];
  const redirect = (): Promise<TestServer> => startServer((_req, res) => res.writeHead(302, { location: target }).end());
  beforeAll(async () => {
    servers.push(await redirect());
    servers.push(await startServer((_req, res) => res.writeHead(302, { location: target }).end(), '127.0.0.2'));
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it.each([
    [0, () => `http://[::1]:${canary.port}/`],
    [0, () => `http://ten.test:${canary.port}/`],
    [0, () => `//[::1]:${canary.port}/relative`],
    [1, () => `http://127.0.0.1:${canary.port}/`],
    [1, () => `http://localhost:${canary.port}/`],
    [1, () => `http://2130706433:${canary.port}/`],
    [1, () => `//[::ffff:127.0.0.1]:${canary.port}/relative`],
    [1, () => `http://internal.test:${canary.port}/`],
  ])('refuses the hop from origin %i (case %#)', async (index, location) => {
    const origin = servers[index] as TestServer;
    target = location();
    const lookup = fixedLookup({ 'internal.test': '127.0.0.1', 'ten.test': '10.0.0.1' });
    const allowCidrs = [`${origin.host}/32`];
    const error = await expectAppError(safeFetch(`${origin.origin}/start`, { ...fast, lookup, allowCidrs }), 'bad_request');
    expect(error.detail).toMatch(BLOCKED);
    expect(error.detail).not.toContain('10.0.0.1');
    expect(origin.requests.at(-1)?.url).toBe('/start');
  });
});

describe('DNS rebinding', () => {
  // 127.0.0.2 stands in for a public address (allow-listed); the canary is 127.0.0.1 on the same port.
  let decoy: TestServer;
  beforeAll(async () => {
    decoy = await startServer((req, res) => {
      if (req.url === '/again') res.writeHead(302, { location: '/second' }).end();
      else res.end('decoy');
    }, '127.0.0.2', canary.port);
  });
  afterAll(async () => {
    await decoy.close();
  });

  it('connects to the address it checked, resolving once per connection', async () => {
    const lookup = sequenceLookup(['127.0.0.2', '127.0.0.1']);
    const response = await safeFetch(`http://rebind.test:${canary.port}/`, { ...fast, lookup, allowCidrs: ['127.0.0.2/32'] });
    expect(response.body.toString()).toBe('decoy');
    expect(response.address).toBe('127.0.0.2');
    expect(lookup.calls).toEqual(['rebind.test']);
  });

  it('refuses a rebound answer on the next connection (redirect to the same name)', async () => {
    const lookup = sequenceLookup(['127.0.0.2', '127.0.0.1']);
    const error = await expectAppError(
      safeFetch(`http://rebind.test:${canary.port}/again`, { ...fast, lookup, allowCidrs: ['127.0.0.2/32'] }),
      'bad_request',
    );
    expect(error.detail).toMatch(BLOCKED);
    expect(lookup.calls).toEqual(['rebind.test', 'rebind.test']);
    expect(decoy.requests.map((r) => r.url)).toContain('/again');
  });
});

describe('second line of defence', () => {
  it('drops a connection whose peer fails the policy before any request is written', async () => {
    const server = await startServer((_req, res) => res.end('should not be asked'));
    try {
      // An unguarded resolver, as if the lookup check had been bypassed: only the connect-time check remains.
      const policy = createAddressPolicy([]);
      const attempt = exchange({
        url: new URL(`http://bypass.test:${server.port}/`), method: 'GET', headers: {}, lookup: fixedLookup({ 'bypass.test': '127.0.0.1' }),
        policy, connectTimeoutMs: 1_000, maxBodyBytes: 100, skipBody: () => false, signal: new AbortController().signal,
      });
      await expect(attempt).rejects.toBeInstanceOf(BlockedAddressError);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(server.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
});
