import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, ApiError } from '../../web/src/lib/api.js';
import { describeError } from '../../web/src/lib/errors.js';

/** A loopback server answering like the service: JSON, {detail} errors, Retry-After, streamed text. */
describe('ApiClient (the dashboard front end) against a loopback server', () => {
  let server: FastifyInstance;
  let origin: string;
  let seen: { method: string; url: string; csrf: string | undefined; type: string | undefined }[];
  let unauthorized: number;
  let client: ApiClient;

  beforeAll(async () => {
    server = Fastify({ logger: false });
    server.addHook('onRequest', (request, _reply, done) => {
      const csrf = request.headers['x-csrf-token'];
      seen.push({ method: request.method, url: request.url, csrf: typeof csrf === 'string' ? csrf : undefined, type: request.headers['content-type'] });
      done();
    });
    server.get('/v1/account', () => ({ plan: 'free' }));
    server.post('/v1/account/rotate-key', () => ({ api_key: 'k' }));
    server.post('/auth/signout', (_request, reply) => reply.code(204).send());
    server.get('/v1/gone', (_request, reply) => reply.code(401).send({ detail: 'Missing or invalid API key' }));
    server.post('/v1/scan/github', (_request, reply) => reply.code(429).header('retry-after', '90').send({ detail: 'Hourly limit of 10 scans reached' }));
    server.get('/v1/broken', (_request, reply) => reply.code(502).type('text/html').send('<h1>Bad gateway</h1>'));
    server.post('/v1/explain', (_request, reply) =>
      reply.type('text/plain; charset=utf-8').send(Readable.from(['Half an ', 'answer', '\n[SERVICE_ERROR] The AI engine failed mid-answer; retry the request.\n'])),
    );
    await server.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await server.close();
  });

  beforeEach(() => {
    seen = [];
    unauthorized = 0;
    client = new ApiClient({
      fetch: (input, init) => fetch(`${origin}${input as string}`, init),
      csrfToken: () => 'csrf-123',
      onUnauthorized: () => {
        unauthorized += 1;
      },
    });
  });

  it('sends X-CSRF-Token on state-changing requests only', async () => {
    expect(await client.get('/v1/account')).toEqual({ plan: 'free' });
    expect(await client.post('/v1/account/rotate-key')).toEqual({ api_key: 'k' });
    expect(await client.post('/auth/signout')).toBeUndefined();
    expect(seen.map((s) => [s.method, s.url, s.csrf])).toEqual([
      ['GET', '/v1/account', undefined],
      ['POST', '/v1/account/rotate-key', 'csrf-123'],
      ['POST', '/auth/signout', 'csrf-123'],
    ]);
    // No body, no JSON content type (the service rejects an empty JSON body).
    expect(seen[1]?.type).toBeUndefined();
  });

  it('reports a 401 to the app and throws its detail', async () => {
    const error = await client.get('/v1/gone').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).detail).toBe('Missing or invalid API key');
    expect(unauthorized).toBe(1);
  });

  it('keeps Retry-After of a 429 and says when to retry', async () => {
    const error = await client.post('/v1/scan/github', { repository: 'o/r' }).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).retryAfterSeconds).toBe(90);
    expect(describeError(error)).toBe('Hourly limit of 10 scans reached. You can retry in 2 min.');
    expect(seen[0]?.type).toBe('application/json');
    expect(unauthorized).toBe(0);
  });

  it('describes an answer without a JSON body by its status', async () => {
    const error = await client.get('/v1/broken').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(502);
    expect((error as ApiError).detail).toMatch(/^The service answered 502/);
  });

  it('describes an unreachable service without a status', async () => {
    const offline = new ApiClient({ fetch: () => Promise.reject(new TypeError('fetch failed')), csrfToken: () => undefined, onUnauthorized: () => undefined });
    const error = await offline.get('/v1/account').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(0);
    expect(describeError(error)).toMatch(/Could not reach/);
  });

  it('streams text and turns the [SERVICE_ERROR] line into an error', async () => {
    const updates: string[] = [];
    const outcome = await client.stream('/v1/explain', { finding: {} }, (text) => updates.push(text));
    expect(outcome.text).toBe('Half an answer');
    expect(outcome.error).toBe('The AI engine failed mid-answer; retry the request.');
    expect(updates.every((u) => !u.includes('[SERVICE_ERROR]'))).toBe(true);
    expect(seen[0]?.csrf).toBe('csrf-123');
  });
});
