import { startFakeAi, type Dialect, type ExchangeContext, type FakeAi, type FakeAiOptions, type FakeFailure, type FailureAnswer } from './server.js';

/**
 * Anthropic Messages API, streaming: `POST /v1/messages` with `stream: true`, key in `x-api-key`,
 * `anthropic-version` required. Events: message_start, content_block_start, ping,
 * content_block_delta (text_delta)…, content_block_stop, message_delta, message_stop; errors
 * `{"type":"error","error":{"type","message"}}` as an HTTP answer or as `event: error`.
 */
const ERRORS: Readonly<Record<FakeFailure, readonly [status: number, type: string, message: string]>> = {
  overloaded: [529, 'overloaded_error', 'Overloaded'],
  unavailable: [500, 'api_error', 'Internal server error'],
  rate_limited: [429, 'rate_limit_error', 'This request would exceed the rate limit for your organization of 50,000 input tokens per minute.'],
  unauthorized: [401, 'authentication_error', 'invalid x-api-key'],
  forbidden: [403, 'permission_error', 'Your API key does not have permission to use the specified resource.'],
  bad_request: [400, 'invalid_request_error', 'messages: at least one message is required'],
};


function errorBody(failure: FakeFailure, ctx: ExchangeContext, detail?: string): { status: number; body: unknown } {
  const [status, type, message] = ERRORS[failure];
  const echoed = ctx.script.echoKey === true ? ` (key: ${ctx.apiKey ?? ''})` : '';
  return { status, body: { type: 'error', error: { type, message: `${detail ?? message}${echoed}` }, request_id: `req_${ctx.exchangeId}` } };
}

export const anthropicDialect: Dialect = {
  endpoint: (method, url, body) => (method === 'POST' && url.pathname === '/v1/messages' && typeof body.model === 'string' ? body.model : undefined),
  apiKey: (req) => (typeof req.headers['x-api-key'] === 'string' ? req.headers['x-api-key'] : undefined),
  refuse(req, body) {
    if (req.headers['anthropic-version'] === undefined) return 'anthropic-version: header is required';
    if (typeof body.max_tokens !== 'number') return 'max_tokens: Field required';
    if (body.stream !== true) return 'this fake serves streaming requests only (stream: true)';
    return undefined;
  },
  failure(failure, ctx, detail): FailureAnswer {
    const { status, body } = errorBody(failure, ctx, detail);
    const headers: Record<string, string> = { 'request-id': `req_${ctx.exchangeId}` };
    if (failure === 'rate_limited' && ctx.script.retryAfterSeconds !== undefined) {
      headers['retry-after'] = String(ctx.script.retryAfterSeconds);
      headers['anthropic-ratelimit-input-tokens-remaining'] = '0';
    }
    return { status, body, headers };
  },
  opening: (ctx) => [
    {
      event: 'message_start',
      data: {
        type: 'message_start',
        message: {
          id: `msg_${ctx.exchangeId}`,
          type: 'message',
          role: 'assistant',
          model: ctx.model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 25, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 1 },
        },
      },
    },
    { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } } },
    { event: 'ping', data: { type: 'ping' } },
  ],
  delta: (text) => [{ event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } } }],
  closing: (_ctx, pieces) => [
    { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
    { event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: pieces } } },
    { event: 'message_stop', data: { type: 'message_stop' } },
  ],
  streamError: (failure, ctx) => [{ event: 'error', data: errorBody(failure, ctx).body }],
};

export function startFakeAnthropic(options: FakeAiOptions = {}): Promise<FakeAi> {
  return startFakeAi(anthropicDialect, options);
}
