import { startFakeAi, type Dialect, type ExchangeContext, type FakeAi, type FakeAiOptions, type FakeFailure } from './server.js';

/**
 * OpenAI Chat Completions, streaming: `POST {prefix}/chat/completions` with `stream: true`,
 * `Authorization: Bearer <key>`. Chunks `data: {"object":"chat.completion.chunk","choices":[{"delta":{"content"}}]}`,
 * a finish chunk, a usage chunk when `stream_options.include_usage`, then `data: [DONE]`.
 * Errors `{"error":{"message","type","param","code"}}` as an HTTP answer or as a chunk.
 * Also the wire format of OpenAI-compatible servers (vLLM, Ollama, LM Studio), hence the prefix.
 */
const ERRORS: Readonly<Record<FakeFailure, readonly [status: number, type: string, code: string | null, message: string]>> = {
  overloaded: [503, 'server_error', null, 'The engine is currently overloaded, please try again later.'],
  unavailable: [500, 'server_error', null, 'The server had an error while processing your request. Sorry about that!'],
  rate_limited: [429, 'tokens', 'rate_limit_exceeded', 'Rate limit reached for requests per min (RPM): Limit 500, Used 500, Requested 1. Please try again in 120ms.'],
  unauthorized: [401, 'invalid_request_error', 'invalid_api_key', 'Incorrect API key provided: {key}. You can find your API key at https://platform.openai.com/account/api-keys.'],
  forbidden: [403, 'invalid_request_error', null, 'You have insufficient permissions for this operation. Missing scopes: model.request.'],
  bad_request: [400, 'invalid_request_error', 'invalid_value', "Invalid value for 'messages': expected an array."],
};

function shownKey(ctx: ExchangeContext): string {
  const key = ctx.apiKey ?? '';
  if (ctx.script.echoKey === true) return key;
  return key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(8)}${key.slice(-4)}` : '****';
}

function errorBody(failure: FakeFailure, ctx: ExchangeContext, detail?: string): unknown {
  const [, type, code, message] = ERRORS[failure];
  const echoed = ctx.script.echoKey === true && failure !== 'unauthorized' ? ` (key: ${ctx.apiKey ?? ''})` : '';
  return { error: { message: `${detail ?? message.replace('{key}', shownKey(ctx))}${echoed}`, type, param: null, code } };
}

function chunk(ctx: ExchangeContext, choice: unknown, extra: Record<string, unknown> = {}): { data: unknown } {
  return {
    data: {
      id: `chatcmpl-${ctx.exchangeId}`,
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model: ctx.model,
      system_fingerprint: 'fp_fake',
      choices: choice === undefined ? [] : [choice],
      ...extra,
    },
  };
}

export interface FakeOpenAiOptions extends FakeAiOptions {
  /** Path the API lives under (default '/v1'); OpenAI-compatible servers choose their own. */
  readonly prefix?: string;
}

export function openAiDialect(prefix = '/v1'): Dialect {
  return {
    endpoint: (method, url, body) =>
      method === 'POST' && url.pathname === `${prefix}/chat/completions` && typeof body.model === 'string' ? body.model : undefined,
    apiKey: (req) => /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1],
    refuse: (_req, body) => (body.stream === true ? undefined : 'this fake serves streaming requests only (stream: true)'),
    failure(failure, ctx, detail) {
      const [status] = ERRORS[failure];
      const headers: Record<string, string> = { 'x-request-id': `req_${ctx.exchangeId}` };
      if (failure === 'rate_limited' && ctx.script.retryAfterSeconds !== undefined) {
        headers['retry-after'] = String(ctx.script.retryAfterSeconds);
        headers['x-ratelimit-remaining-requests'] = '0';
      }
      return { status, body: errorBody(failure, ctx, detail), headers };
    },
    opening: (ctx) => [chunk(ctx, { index: 0, delta: { role: 'assistant', content: '', refusal: null }, logprobs: null, finish_reason: null })],
    delta: (text, ctx) => [chunk(ctx, { index: 0, delta: { content: text }, logprobs: null, finish_reason: null })],
    closing(ctx, pieces) {
      const events = [chunk(ctx, { index: 0, delta: {}, logprobs: null, finish_reason: 'stop' })];
      const options = ctx.body.stream_options;
      if (typeof options === 'object' && options !== null && 'include_usage' in options && options.include_usage === true) {
        events.push(chunk(ctx, undefined, { usage: { prompt_tokens: 25, completion_tokens: pieces, total_tokens: 25 + pieces } }));
      }
      return [...events, { data: '[DONE]' }];
    },
    streamError: (failure, ctx) => [{ data: errorBody(failure, ctx) }],
  };
}

export function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeAi> {
  return startFakeAi(openAiDialect(options.prefix), options);
}
