import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createRemoteProvider, type AiErrorKind, type RemoteProviderName } from '../../../../src/services/ai/provider.js';
import type { FakeFailure } from '../../../fakes/ai/server.js';
import { CASES, KEYS, failure, harness, request } from './harness.js';

/** HTTP status each vendor documents for each failure (Gemini answers a bad key with 400). */
const STATUS: Readonly<Record<RemoteProviderName, Readonly<Record<FakeFailure, number>>>> = {
  anthropic: { overloaded: 529, unavailable: 500, rate_limited: 429, unauthorized: 401, forbidden: 403, bad_request: 400 },
  openai: { overloaded: 503, unavailable: 500, rate_limited: 429, unauthorized: 401, forbidden: 403, bad_request: 400 },
  google: { overloaded: 503, unavailable: 500, rate_limited: 429, unauthorized: 400, forbidden: 403, bad_request: 400 },
  'openai-compatible': { overloaded: 503, unavailable: 500, rate_limited: 429, unauthorized: 401, forbidden: 403, bad_request: 400 },
};

const KIND: Readonly<Record<FakeFailure, AiErrorKind>> = {
  overloaded: 'overloaded',
  unavailable: 'unavailable',
  rate_limited: 'rate_limited',
  unauthorized: 'rejected_key',
  forbidden: 'rejected_key',
  bad_request: 'bad_request',
};

const FAILURES = Object.keys(KIND) as FakeFailure[];

function expectNoKey(error: unknown, key: string): void {
  for (const text of [String(error), inspect(error, { depth: 10 }), JSON.stringify(error), error instanceof Error ? (error.stack ?? '') : '']) {
    expect(text).not.toContain(key);
    expect(text).not.toContain(key.slice(0, 24));
  }
}

describe.concurrent.each(CASES)('$provider provider error answers', (c) => {
  it.for(FAILURES)('maps the documented %s answer to its kind and status', async (f, { onTestFinished }) => {
    const h = await harness(c, onTestFinished);
    h.fake.script({ fail: f, retryAfterSeconds: 7 });
    const { deltas, error } = await failure(h.provider().stream(request()));
    expect(deltas).toEqual([]);
    expect(error.kind).toBe(KIND[f]);
    expect(error.options?.status).toBe(STATUS[c.provider][f]);
    expect(error.options?.retryAfterSeconds).toBe(f === 'rate_limited' ? 7 : undefined);
    expect(h.fake.requests).toHaveLength(1); // no retries
  });

  it('reports a connection dropped before any answer as unavailable', async ({ onTestFinished }) => {
    const h = await harness(c, onTestFinished);
    h.fake.script({ fail: 'drop' });
    const { error } = await failure(h.provider().stream(request()));
    expect(error.kind).toBe('unavailable');
  });

  it('treats a key the upstream refuses as rejected_key', async ({ onTestFinished }) => {
    const h = await harness(c, onTestFinished, { apiKey: KEYS[c.provider]() });
    const { error } = await failure(h.provider().stream(request()));
    expect(error.kind).toBe('rejected_key');
  });

  it.for([...FAILURES, 'mid-stream'] as const)('never puts the key in a %s error, even when the upstream echoes it', async (f, { onTestFinished }) => {
    const h = await harness(c, onTestFinished);
    h.fake.script(f === 'mid-stream' ? { pieces: ['x'], end: { error: 'unavailable' }, echoKey: true } : { fail: f, echoKey: true });
    const { error } = await failure(h.provider().stream(request()));
    expectNoKey(error, h.key);
    expect(error.message).toContain('[redacted]');
  });

  it('reports a refused connection as unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const key = KEYS[c.provider]();
    const provider = createRemoteProvider({ provider: c.provider, apiKey: key, baseUrl: `http://127.0.0.1:${port}${c.root}` });
    const { error } = await failure(provider.stream(request()));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('ECONNREFUSED');
    expectNoKey(error, key);
  });
});
