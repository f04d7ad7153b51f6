import { describe, expect, it } from 'vitest';
import { AiError, type AiErrorKind, type RemoteProviderName } from '../../../../src/services/ai/provider.js';
import type { FakeFailure } from '../../../fakes/ai/server.js';
import { CASES, failure, harness, request } from './harness.js';

/** What a vendor can report after the stream has started, and the kind each becomes. */
const MID_STREAM: readonly FakeFailure[] = ['overloaded', 'unavailable', 'rate_limited'];
const KIND: Readonly<Record<string, AiErrorKind>> = { overloaded: 'overloaded', unavailable: 'unavailable', rate_limited: 'rate_limited' };

/** OpenAI's mid-stream error chunk says only `server_error`: overloaded and failing look alike. */
const midStreamKind = (provider: RemoteProviderName, f: FakeFailure): AiErrorKind | undefined =>
  f === 'overloaded' && (provider === 'openai' || provider === 'openai-compatible') ? 'unavailable' : KIND[f];

describe.concurrent.each(CASES)('$provider provider stream failures', (c) => {
  it.for(MID_STREAM)('throws a mid-stream %s error after the deltas already yielded', async (f, { onTestFinished }) => {
    const h = await harness(c, onTestFinished);
    h.fake.script({ pieces: ['partial ', 'answer'], end: { error: f } });
    const { deltas, error } = await failure(h.provider().stream(request()));
    expect(deltas).toEqual(['partial ', 'answer']);
    expect(error.kind).toBe(midStreamKind(c.provider, f));
    expect(h.fake.requests).toHaveLength(1);
  });

  it('reports a connection dropped mid-stream as unavailable, after the deltas', async ({ onTestFinished }) => {
    const h = await harness(c, onTestFinished);
    h.fake.script({ pieces: ['one ', 'two'], end: 'drop' });
    const { deltas, error } = await failure(h.provider().stream(request()));
    expect(deltas).toEqual(['one ', 'two']);
    expect(error.kind).toBe('unavailable');
    expect(await h.fake.requests[0]?.closed).toBe('dropped');
  });

  it('times out when no first token arrives in time, and closes the upstream request', async ({ onTestFinished }) => {
    const h = await harness(c, onTestFinished);
    // The first token would come after 10 s; the provider gives up after 1.5 s (long enough for the
    // request to reach the fake on a loaded machine) and must close the upstream request itself.
    h.fake.script({ firstTokenDelayMs: 10_000 });
    const { error } = await failure(h.provider({ firstTokenTimeoutMs: 1_500 }).stream(request()));
    expect(error.kind).toBe('timeout');
    expect(h.fake.requests).toHaveLength(1);
    expect(await h.fake.requests[0]?.closed).toBe('client-closed');
  });

  it('lets a slow stream go on once the first token has arrived', async ({ onTestFinished }) => {
    const h = await harness(c, onTestFinished);
    h.fake.script({ pieces: ['a', { text: 'b', delayMs: 1_200 }] });
    const deltas: string[] = [];
    for await (const delta of h.provider({ firstTokenTimeoutMs: 1_000 }).stream(request())) deltas.push(delta);
    expect(deltas).toEqual(['a', 'b']);
  });

  it("reports the caller's own AbortSignal.timeout deadline as timeout", async ({ onTestFinished }) => {
    const h = await harness(c, onTestFinished);
    h.fake.script({ firstTokenDelayMs: 10_000 });
    const { error } = await failure(h.provider().stream(request(AbortSignal.timeout(300))));
    expect(error.kind).toBe('timeout');
  });

  it('throws the AiError a caller gave as its abort reason', async ({ onTestFinished }) => {
    const h = await harness(c, onTestFinished);
    h.fake.script({ firstTokenDelayMs: 10_000 });
    const controller = new AbortController();
    const reason = new AiError('timeout', 'no complete answer within 60 s');
    setTimeout(() => controller.abort(reason), 100);
    const { error } = await failure(h.provider().stream(request(controller.signal)));
    expect(error).toBe(reason);
  });
});
