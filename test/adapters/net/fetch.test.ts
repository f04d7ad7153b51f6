import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { safeFetch, USER_AGENT, type SafeFetchOptions } from '../../../src/adapters/net/index.js';
import { expectAppError, fixedLookup, startServer, UNREACHABLE, type Handler, type TestServer } from './helpers.js';

const allow: SafeFetchOptions = { allowCidrs: ['127.0.0.1/32'], connectTimeoutMs: 1_000, totalTimeoutMs: 3_000 };
const servers: TestServer[] = [];

async function serve(handler: Handler): Promise<TestServer> {
  const server = await startServer(handler);
  servers.push(server);
  return server;
}

afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

describe('safeFetch: a plain exchange', () => {
  it('returns status, every header value in order, body and the connected address', async () => {
    const server = await serve((_req, res) => {
      res.setHeader('Set-Cookie', ['a=1', 'b=2']);
      res.setHeader('X-Dup', ['one', 'two']);
      res.setHeader('__proto__', 'odd');
      res.writeHead(201).end('hello');
    });
    const response = await safeFetch(`${server.origin}/path?q=1#fragment`, allow);
    expect(response.status).toBe(201);
    expect(response.url).toBe(`${server.origin}/path?q=1`);
    expect(response.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(response.headers['x-dup']).toEqual(['one', 'two']);
    expect(response.headers['__proto__']).toEqual(['odd']);
    expect(response.body.toString()).toBe('hello');
    expect(response.truncated).toBe(false);
    expect(response.redirects).toEqual([]);
    expect(response.address).toBe('127.0.0.1');
    expect(server.requests[0]?.url).toBe('/path?q=1');
  });

  it('sends its User-Agent, asks for no compression and passes the caller\'s headers', async () => {
    const server = await serve((_req, res) => res.writeHead(204).end());
    await safeFetch(server.origin, {
      ...allow,
      method: 'options',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'PUT', 'Accept-Encoding': 'gzip', Cookie: 'x=1' },
    });
    const request = server.requests[0];
    expect(request?.method).toBe('OPTIONS');
    expect(request?.headers['user-agent']).toBe(USER_AGENT);
    expect(USER_AGENT).toMatch(/^Vigil\/\d+\.\d+\.\d+ \(\+security scanner\)$/);
    expect(request?.headers['accept-encoding']).toBe('identity');
    expect(request?.headers.origin).toBe('https://evil.example');
    expect(request?.headers['access-control-request-method']).toBe('PUT');
    expect(request?.headers.cookie).toBeUndefined();
  });

  it('truncates a long body at maxBodyBytes', async () => {
    const server = await serve((_req, res) => res.end(Buffer.alloc(3 * 1024 * 1024, 0x61)));
    const small = await safeFetch(server.origin, { ...allow, maxBodyBytes: 1000 });
    expect(small.body.length).toBe(1000);
    expect(small.truncated).toBe(true);
    const byDefault = await safeFetch(server.origin, allow);
    expect(byDefault.body.length).toBe(1024 * 1024);
    expect(byDefault.truncated).toBe(true);
  });

  it('does not call a body of exactly maxBodyBytes truncated', async () => {
    const server = await serve((_req, res) => res.end('x'.repeat(100)));
    const response = await safeFetch(server.origin, { ...allow, maxBodyBytes: 100 });
    expect(response.body.length).toBe(100);
    expect(response.truncated).toBe(false);
  });
});

describe('safeFetch: redirects', () => {
  it('follows relative and absolute Locations, records each hop, and never sends cookies back', async () => {
    // vigil-ignore: reflected-xss -- a loopback test server echoing the request line
    const other = await serve((req, res) => res.end(`${req.method} ${req.url}`));
    const first = await serve((req, res) => {
      res.setHeader('set-cookie', 'session=abc');
      if (req.url === '/a') res.writeHead(307, { location: 'b?x=1' }).end();
      else res.writeHead(303, { location: `${other.origin}/c` }).end();
    });
    const response = await safeFetch(`${first.origin}/a`, { ...allow, method: 'PUT', headers: { authorization: 'Bearer t' } });
    expect(response.body.toString()).toBe('GET /c');
    expect(response.url).toBe(`${other.origin}/c`);
    expect(response.redirects).toEqual([
      { url: `${first.origin}/a`, status: 307, location: 'b?x=1' },
      { url: `${first.origin}/b?x=1`, status: 303, location: `${other.origin}/c` },
    ]);
    expect(first.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['PUT /a', 'PUT /b?x=1']);
    expect(first.requests[1]?.headers.authorization).toBe('Bearer t');
    expect(other.requests[0]?.headers.authorization).toBeUndefined();
    for (const request of [...first.requests, ...other.requests]) expect(request.headers.cookie).toBeUndefined();
  });

  it.each([
    [301, 'POST', 'GET'],
    [302, 'POST', 'GET'],
    [303, 'DELETE', 'GET'],
    [302, 'HEAD', 'HEAD'],
    [307, 'POST', 'POST'],
    [308, 'PATCH', 'PATCH'],
  ])('after %i a %s continues as %s', async (status, method, expected) => {
    const server = await serve((req, res) => (req.url === '/' ? res.writeHead(status, { location: '/next' }).end() : res.end()));
    await safeFetch(server.origin, { ...allow, method });
    expect(server.requests[1]?.method).toBe(expected);
  });

  it('returns the 3xx itself when maxRedirects is 0', async () => {
    const server = await serve((_req, res) => res.writeHead(302, { location: '/elsewhere' }).end('moved'));
    const response = await safeFetch(server.origin, { ...allow, maxRedirects: 0 });
    expect(response.status).toBe(302);
    expect(response.headers.location).toEqual(['/elsewhere']);
    expect(response.body.toString()).toBe('moved');
    expect(server.requests).toHaveLength(1);
  });

  it('returns a 3xx without Location as the response', async () => {
    const server = await serve((_req, res) => res.writeHead(304).end());
    expect((await safeFetch(server.origin, allow)).status).toBe(304);
  });

  it('stops a redirect loop after maxRedirects', async () => {
    const server = await serve((_req, res) => res.writeHead(302, { location: '/' }).end());
    const error = await expectAppError(safeFetch(server.origin, allow), 'bad_request');
    expect(error.detail).toBe('Could not reach target URL: more than 5 redirects');
    expect(server.requests).toHaveLength(6);
    const two = await expectAppError(safeFetch(server.origin, { ...allow, maxRedirects: 2 }), 'bad_request');
    expect(two.detail).toBe('Could not reach target URL: more than 2 redirects');
  });

  it('refuses a redirect to an unusable URL', async () => {
    const server = await serve((_req, res) => res.writeHead(302, { location: 'ftp://files.example/x' }).end());
    const error = await expectAppError(safeFetch(server.origin, allow), 'bad_request');
    expect(error.detail).toMatch(/^Could not reach target URL: redirected to an unusable URL \(only http/);
  });
});

describe('safeFetch: timeouts and failures', () => {
  const hang = (_req: unknown, _res: ServerResponse): void => undefined;

  it('times out a server that never answers', async () => {
    const server = await serve(hang);
    const error = await expectAppError(safeFetch(server.origin, { ...allow, totalTimeoutMs: 300 }), 'bad_request');
    expect(error.detail).toBe('Could not reach target URL: timed out after 0.3 s');
  });

  it('times out a body that never ends', async () => {
    const server = await serve((_req, res) => res.write('partial'));
    const error = await expectAppError(safeFetch(server.origin, { ...allow, totalTimeoutMs: 300 }), 'bad_request');
    expect(error.detail).toMatch(/timed out after 0.3 s$/);
  });

  it('applies one deadline across all redirect hops', async () => {
    const server = await serve((req, res) => {
      setTimeout(() => res.writeHead(302, { location: `/${(req.url ?? '').length}` }).end(), 120);
    });
    const error = await expectAppError(safeFetch(server.origin, { ...allow, totalTimeoutMs: 400 }), 'bad_request');
    expect(error.detail).toBe('Could not reach target URL: timed out after 0.4 s');
    expect(server.requests.length).toBeLessThanOrEqual(4);
  });

  it('bounds connecting, DNS included', async () => {
    const silent = Object.assign(() => undefined, {}) as unknown as NonNullable<SafeFetchOptions['lookup']>;
    const error = await expectAppError(safeFetch('http://slow-dns.test/', { ...allow, lookup: silent, connectTimeoutMs: 200 }), 'bad_request');
    expect(error.detail).toBe('Could not reach target URL: timed out after 0.2 s while connecting');
  });

  it('reports a refused connection', async () => {
    const server = await startServer(hang);
    const port = server.port;
    await server.close();
    const error = await expectAppError(safeFetch(`http://127.0.0.1:${port}/`, allow), 'bad_request');
    expect(error.detail).toBe('Could not reach target URL: connection refused');
  });

  it('reports a name that does not resolve', async () => {
    const error = await expectAppError(safeFetch('http://nowhere.test/', { ...allow, lookup: fixedLookup({}) }), 'bad_request');
    expect(error.detail).toBe('Could not reach target URL: DNS lookup for nowhere.test failed (no such host)');
  });

  it('reports a TLS failure', async () => {
    const server = await serve((_req, res) => res.end('plain http'));
    const error = await expectAppError(safeFetch(`https://127.0.0.1:${server.port}/`, allow), 'bad_request');
    expect(error.detail).toMatch(/^Could not reach target URL: TLS handshake failed: /);
  });

  it('reports a connection closed mid-response', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('short');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const error = await expectAppError(safeFetch(server.origin, allow), 'bad_request');
    expect(error.detail).toMatch(UNREACHABLE);
  });

  it('reports a garbage response', async () => {
    const server = await serve((_req, res) => res.socket?.end('NOT HTTP AT ALL\r\n\r\n'));
    const error = await expectAppError(safeFetch(server.origin, allow), 'bad_request');
    expect(error.detail).toMatch(/^Could not reach target URL: invalid HTTP response/);
  });

  it('stops when the caller aborts', async () => {
    const server = await serve(hang);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await expectAppError(safeFetch(server.origin, { ...allow, signal: controller.signal }), 'bad_request');
    expect(error.detail).toBe('Could not reach target URL: request aborted');
  });

  it('treats a header the caller got wrong as our own failure', async () => {
    const server = await serve((_req, res) => res.end());
    const error = await expectAppError(safeFetch(server.origin, { ...allow, headers: { 'x-bad': 'a\r\nb' } }), 'internal');
    expect(error.detail).toMatch(/^Scan failed: /);
    expect(server.requests).toHaveLength(0);
  });

  it('rejects invalid URLs and allow-list entries before any connection', async () => {
    expect((await expectAppError(safeFetch('ftp://example.com/'), 'bad_request')).detail).toMatch(/^Invalid URL: /);
    expect((await expectAppError(safeFetch('http://u:p@example.com/'), 'bad_request')).detail).toMatch(/^Invalid URL: credentials/);
    await expectAppError(safeFetch('http://127.0.0.1:1/', { allowCidrs: ['nonsense'] }), 'internal');
  });
});
