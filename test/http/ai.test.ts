import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../src/services/accounts/plans.js';
import { withBase62Crc32Checksum } from '../../src/scanners/secrets/checksums.js';
import { CASES, KEYS } from '../services/ai/providers/harness.js';
import type { FakeAi } from '../fakes/ai/server.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';

const AWS = ['AKIA', 'Q3EGT7VZ5MXJ4WPR'].join('');
const GH = withBase62Crc32Checksum('gh' + 'p_', 'Zq8vN3kLw2Xp7RtY4mBc9HdF6jGs1a');

const finding = {
  id: 'SEC-A1B2C3',
  category: 'secrets',
  severity: 'HIGH',
  title: 'AWS access key',
  description: `An AWS access key id is committed (${AWS}).`,
  evidence: `AWS access key: const key = "${AWS}"; const gh = "${GH}";`,
  location: { target: 'acme/demo', path: 'src/config.ts', line: 3, column: 14, url: null, method: null },
  scanner_name: 'secrets',
  remediation: 'Rotate the key.',
  confidence: 0.9,
  owasp_categories: ['A07:2021'],
  rule_id: 'aws-access-key-id',
};
const scan = {
  scan_id: 'abc123',
  status: 'completed',
  target_type: 'github',
  target: 'acme/demo',
  started_at: '2026-11-23T10:00:00.000Z',
  completed_at: '2026-11-23T10:00:01.000Z',
  finding_count: 1,
  findings: [finding],
};

let ts: TestStorage;

beforeAll(async () => {
  ts = await openTestStorage('embedded');
});
afterAll(async () => {
  await ts.cleanup();
});

interface Running {
  readonly t: TestApp;
  readonly base: string;
  readonly key: string;
}

async function start(env: Record<string, string> = {}): Promise<Running> {
  const t = await createTestApp(ts, { env, limitsFor: (plan) => PLAN_LIMITS[plan] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { t, base: `http://127.0.0.1:${port}`, key: await t.newAccount('pro') };
}

async function post(r: Running, path: string, body: unknown) {
  return fetch(`${r.base}/v1${path}`, { method: 'POST', headers: { 'x-api-key': r.key, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** Reads a streamed body, noting when the first bytes came. */
async function read(res: Response): Promise<{ text: string; firstChunkAt: number; endAt: number }> {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  let firstChunkAt = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    if (firstChunkAt === 0) firstChunkAt = performance.now();
    text += decoder.decode(chunk.value, { stream: true });
  }
  return { text, firstChunkAt, endAt: performance.now() };
}

describe('AI endpoints with the offline builtin engine (the default)', () => {
  let r: Running;
  beforeAll(async () => {
    r = await start();
  });
  afterAll(async () => r.t.close());

  it.each([
    ['/explain', { finding }],
    ['/fix', { finding }],
    ['/triage', { scan }],
  ])('%s streams text/plain that says it is the offline engine and holds no secret', async (path, body) => {
    const res = await post(r, path, body);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const { text } = await read(res);
    expect(text).toMatch(/offline/i);
    expect(text).not.toContain(AWS);
    expect(text).not.toContain(GH);
    expect(text).not.toContain('[SERVICE_ERROR]');
  });

  it('400 for a body without a finding, counted in the ai bucket otherwise', async () => {
    const res = await post(r, '/explain', { api_key: 'x' });
    expect(res.status).toBe(400);
    const account = await fetch(`${r.base}/v1/account`, { headers: { 'x-api-key': r.key } });
    expect((await account.json()) as { usage: { ai: number } }).toMatchObject({ usage: { ai: 3 } });
  });

  it('400 when a caller key names no recognisable provider', async () => {
    const res = await post(r, '/explain', { finding, api_key: ['mystery', 'key', '123'].join('-') });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/^api_key/);
  });
});

describe.each(CASES.filter((c) => c.provider !== 'openai-compatible'))('AI endpoints through $provider', (c) => {
  let fake: FakeAi;
  let r: Running;
  let serverKey: string;
  beforeAll(async () => {
    serverKey = KEYS[c.provider]();
    fake = await c.start({ apiKey: serverKey });
    r = await start({ AI_PROVIDER: c.provider, AI_API_KEY: serverKey, AI_BASE_URL: `${fake.url}${c.root}`, VIGIL_AI_TIMEOUT_MS: '3000' });
  });
  afterAll(async () => {
    // The client-side abort in the cancellation test leaves undici's socket half-open on the
    // server's books; drop it so close() does not wait for a peer that has gone.
    r.t.app.server.closeAllConnections();
    await r.t.close();
    await fake.close();
  });

  it('flushes the first tokens before the answer is complete', async () => {
    fake.script({ pieces: ['First', { text: ' second', delayMs: 1000 }, ' third'] });
    const started = performance.now();
    const res = await post(r, '/explain', { finding });
    expect(res.status).toBe(200);
    const { text, firstChunkAt, endAt } = await read(res);
    expect(text).toBe('First second third');
    expect(endAt - firstChunkAt).toBeGreaterThan(500);
    expect(firstChunkAt - started).toBeLessThan(endAt - started);
  });

  it('sends the prompt with every planted secret redacted', async () => {
    fake.script({});
    await read(await post(r, '/fix', { finding }));
    const sent = JSON.stringify(fake.requests.at(-1)?.body);
    expect(sent).toContain('src/config.ts');
    expect(sent).not.toContain(AWS);
    expect(sent).not.toContain(GH);
    expect(sent).toContain('[REDACTED]');
  });

  it('503 before the first token when the provider is overloaded, and the quota is given back', async () => {
    const before = ((await (await fetch(`${r.base}/v1/account`, { headers: { 'x-api-key': r.key } })).json()) as { usage: { ai: number } }).usage.ai;
    fake.script({ fail: 'overloaded' });
    const res = await post(r, '/explain', { finding });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect(((await res.json()) as { detail: string }).detail).toMatch(/^AI engine is at capacity, retry/);
    const after = ((await (await fetch(`${r.base}/v1/account`, { headers: { 'x-api-key': r.key } })).json()) as { usage: { ai: number } }).usage.ai;
    expect(after).toBe(before);
  });

  it('400 when the provider rejects the caller’s own api_key, which is never echoed', async () => {
    const callerKey = KEYS[c.provider]();
    const res = await post(r, '/explain', { finding, api_key: callerKey });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toMatch(/api_key was rejected/);
    expect(text).not.toContain(callerKey);
    expect(r.t.logs()).not.toContain(callerKey);
    expect(fake.requests.at(-1)?.apiKey).toBe(callerKey);
  });

  it('ends with the [SERVICE_ERROR] line when the provider fails mid-stream', async () => {
    fake.script({ pieces: ['Partial', ' answer'], end: { error: 'overloaded' } });
    const res = await post(r, '/triage', { scan });
    expect(res.status).toBe(200);
    const { text } = await read(res);
    expect(text.startsWith('Partial answer')).toBe(true);
    expect(text.trimEnd().split('\n').at(-1)).toMatch(/^\[SERVICE_ERROR\] .*retry/);
  });

  it('ends with the sentinel when the answer outlasts the time limit', async () => {
    fake.script({ pieces: ['Slow'], end: 'hang' });
    const { text } = await read(await post(r, '/explain', { finding }));
    expect(text).toMatch(/^Slow\n\[SERVICE_ERROR\] /);
  });

  it('cancels the upstream request when the client disconnects', async () => {
    fake.script({ pieces: ['One', { text: ' two', delayMs: 2000 }] });
    const controller = new AbortController();
    const res = await fetch(`${r.base}/v1/explain`, {
      method: 'POST',
      headers: { 'x-api-key': r.key, 'content-type': 'application/json' },
      body: JSON.stringify({ finding }),
      signal: controller.signal,
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    controller.abort();
    expect(await fake.requests.at(-1)?.closed).toBe('client-closed');
  });
});
