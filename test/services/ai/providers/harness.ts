import { randomBytes } from 'node:crypto';
import { AiError, createRemoteProvider, type AiProvider, type ProviderSettings, type RemoteProviderName } from '../../../../src/services/ai/provider.js';
import { startFakeAnthropic } from '../../../fakes/ai/anthropic.js';
import { startFakeGemini } from '../../../fakes/ai/gemini.js';
import { startFakeOpenAi } from '../../../fakes/ai/openai.js';
import type { FakeAi, FakeAiOptions } from '../../../fakes/ai/server.js';

/** Keys in each vendor's documented shape, made at run time so the repository holds none. */
const random = (bytes: number): string => randomBytes(bytes).toString('base64url');
export const KEYS: Readonly<Record<RemoteProviderName, () => string>> = {
  anthropic: () => `${'sk-' + 'ant-'}api03-${random(70)}`,
  openai: () => `sk-proj-${random(120)}`,
  google: () => `AIza${random(26).slice(0, 35)}`,
  'openai-compatible': () => `local-${random(24)}`,
};

export interface ProviderCase {
  readonly provider: RemoteProviderName;
  /** Path of the API root on the fake, as a user would put it in AI_BASE_URL. */
  readonly root: string;
  /** Path the streaming request must reach. */
  readonly path: (model: string) => string;
  start(options?: FakeAiOptions): Promise<FakeAi>;
}

export const CASES: readonly ProviderCase[] = [
  { provider: 'anthropic', root: '/v1', path: () => '/v1/messages', start: startFakeAnthropic },
  { provider: 'openai', root: '/v1', path: () => '/v1/chat/completions', start: (o) => startFakeOpenAi(o) },
  { provider: 'google', root: '/v1beta', path: (m) => `/v1beta/models/${m}:streamGenerateContent`, start: startFakeGemini },
  {
    provider: 'openai-compatible',
    root: '/engines/llm/v1',
    path: () => '/engines/llm/v1/chat/completions',
    start: (o) => startFakeOpenAi({ ...o, prefix: '/engines/llm/v1' }),
  },
];

export interface Harness {
  readonly fake: FakeAi;
  readonly key: string;
  provider(overrides?: Partial<ProviderSettings>): AiProvider;
}

/** Starts the case's fake for one test; `onTestFinished` (the test context's: tests run concurrently) closes it. */
export async function harness(
  c: ProviderCase,
  onTestFinished: (fn: () => Promise<void>) => void,
  options: FakeAiOptions & { readonly key?: string } = {},
): Promise<Harness> {
  const key = options.key ?? KEYS[c.provider]();
  const fake = await c.start(options.apiKey === undefined ? {} : { apiKey: options.apiKey });
  onTestFinished(() => fake.close());
  return {
    fake,
    key,
    provider: (overrides = {}) =>
      createRemoteProvider({ provider: c.provider, apiKey: key, baseUrl: `${fake.url}${c.root}`, firstTokenTimeoutMs: 5_000, ...overrides }),
  };
}

export const request = (signal: AbortSignal = new AbortController().signal): { system: string; prompt: string; signal: AbortSignal } => ({
  system: 'You explain security findings.',
  prompt: 'Explain finding F-1.',
  signal,
});

export async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const deltas: string[] = [];
  for await (const delta of stream) deltas.push(delta);
  return deltas;
}

/** The deltas seen before the stream failed, and the AiError it failed with. */
export async function failure(stream: AsyncIterable<string>): Promise<{ readonly deltas: string[]; readonly error: AiError }> {
  const deltas: string[] = [];
  try {
    for await (const delta of stream) deltas.push(delta);
  } catch (error) {
    if (error instanceof AiError) return { deltas, error };
    throw error;
  }
  throw new Error(`expected the stream to fail; it yielded ${JSON.stringify(deltas)}`);
}
