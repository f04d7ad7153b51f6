import { describe, expect, it } from 'vitest';
import { DEFAULT_MODELS } from '../../../../src/services/ai/provider.js';
import { DEFAULT_PIECES } from '../../../fakes/ai/server.js';
import { CASES, collect, failure, harness, request } from './harness.js';

describe.concurrent.each(CASES)('$provider provider streaming', (c) => {

  it('yields the text deltas in the order the upstream sent them', async ({ onTestFinished }) => {
    const h = await harness(c, onTestFinished);
    h.fake.script({ pieces: ['Leaked ', { text: 'key ', delayMs: 20 }, 'in ', 'config.ts', { text: '.', delayMs: 5 }] });
    expect(await collect(h.provider().stream(request()))).toEqual(['Leaked ', 'key ', 'in ', 'config.ts', '.']);
    expect(await h.fake.requests[0]?.closed).toBe('completed');
  });

  it('sends the system text, the prompt, the model and the key where the vendor expects them', async ({ onTestFinished }) => {
    const h = await harness(c, onTestFinished);
    const provider = h.provider({ model: 'model-under-test' });
    expect(provider).toMatchObject({ name: c.provider, model: 'model-under-test' });
    await collect(provider.stream({ ...request(), maxOutputTokens: 321 }));
    const [sent] = h.fake.requests;
    expect(sent).toMatchObject({ method: 'POST', path: c.path('model-under-test'), apiKey: h.key });
    const body = JSON.stringify(sent?.body);
    expect(body).toContain('You explain security findings.');
    expect(body).toContain('Explain finding F-1.');
    expect(body).toContain('321');
    if (c.provider !== 'google') expect(sent?.body).toMatchObject({ model: 'model-under-test', stream: true });
  });

  it('uses the default model when none is configured', async ({ onTestFinished }) => {
    const h = await harness(c, onTestFinished);
    const provider = h.provider({ model: undefined });
    expect(provider.model).toBe(DEFAULT_MODELS[c.provider]);
    await collect(provider.stream(request()));
    expect(h.fake.requests[0]?.path).toBe(c.path(DEFAULT_MODELS[c.provider]));
  });

  it('honours a base URL given as an origin by adding the version path', async ({ onTestFinished }) => {
    if (c.provider === 'openai-compatible') return; // its fake lives under a custom path, tested above
    const h = await harness(c, onTestFinished);
    expect(await collect(h.provider({ baseUrl: h.fake.url }).stream(request()))).toEqual(DEFAULT_PIECES);
    expect(h.fake.requests[0]?.path).toBe(c.path(DEFAULT_MODELS[c.provider]));
  });

  it('cancels the upstream request when the caller aborts mid-stream', async ({ onTestFinished }) => {
    const t = await harness(c, onTestFinished);
    t.fake.script({ pieces: ['first', { text: 'never sent', delayMs: 5_000 }] });
    const controller = new AbortController();
    const deltas: string[] = [];
    const run = failure(
      (async function* () {
        for await (const delta of t.provider().stream(request(controller.signal))) {
          deltas.push(delta);
          controller.abort();
          yield delta;
        }
      })(),
    );
    const { error } = await run;
    expect(deltas).toEqual(['first']);
    expect(error.kind).toBe('cancelled');
    expect(await t.fake.requests[0]?.closed).toBe('client-closed');
  });

  it('releases the upstream request when the consumer stops reading', async ({ onTestFinished }) => {
    const h = await harness(c, onTestFinished);
    h.fake.script({ pieces: ['one', { text: 'two', delayMs: 5_000 }] });
    for await (const delta of h.provider().stream(request())) {
      expect(delta).toBe('one');
      break;
    }
    expect(await h.fake.requests[0]?.closed).toBe('client-closed');
  });

  it('fails with cancelled at once for a signal that is already aborted', async ({ onTestFinished }) => {
    const h = await harness(c, onTestFinished);
    const controller = new AbortController();
    controller.abort();
    const { error } = await failure(h.provider().stream(request(controller.signal)));
    expect(error.kind).toBe('cancelled');
    expect(h.fake.requests).toHaveLength(0);
  });

  it('sends its requests through the fetch it is given', async ({ onTestFinished }) => {
    const h = await harness(c, onTestFinished);
    const seen: string[] = [];
    const counting: typeof fetch = (input, init) => {
      seen.push(input instanceof Request ? input.url : String(input));
      return fetch(input, init);
    };
    expect(await collect(h.provider({ fetch: counting }).stream(request()))).toEqual(DEFAULT_PIECES);
    expect(seen).toHaveLength(1);
    expect(new URL(seen[0] ?? '').pathname).toBe(c.path(DEFAULT_MODELS[c.provider]));
  });
});
