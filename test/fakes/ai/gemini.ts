import { startFakeAi, type Dialect, type ExchangeContext, type FakeAi, type FakeAiOptions, type FakeFailure, type FailureAnswer } from './server.js';

/**
 * Gemini API, streaming: `POST /v1beta/models/{model}:streamGenerateContent?alt=sse`, key in
 * `x-goog-api-key` (or `?key=`). Events `data: {"candidates":[{"content":{"parts":[{"text"}]}}]}`
 * separated by CRLF; the last carries finishReason. Errors follow google.rpc.Status:
 * `{"error":{"code","message","status","details"}}`, as an HTTP answer or as an event.
 */
const ERRORS: Readonly<Record<FakeFailure, readonly [code: number, status: string, message: string]>> = {
  overloaded: [503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.'],
  unavailable: [500, 'INTERNAL', 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting'],
  rate_limited: [429, 'RESOURCE_EXHAUSTED', 'You exceeded your current quota, please check your plan and billing details.'],
  unauthorized: [400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.'],
  // Google quotes the key itself in this one.
  forbidden: [403, 'PERMISSION_DENIED', "Permission denied: Consumer 'api_key:{key}' has been suspended."],
  bad_request: [400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.'],
};

const NO_KEY: readonly [number, string, string] = [
  403,
  'PERMISSION_DENIED',
  "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
];

const ENDPOINT = /^\/v1beta\/models\/([\w.-]{1,200}):streamGenerateContent$/;

function details(failure: FakeFailure, ctx: ExchangeContext): unknown[] {
  if (failure === 'unauthorized') {
    return [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com', metadata: { service: 'generativelanguage.googleapis.com' } }];
  }
  if (failure === 'rate_limited' && ctx.script.retryAfterSeconds !== undefined) {
    return [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${ctx.script.retryAfterSeconds}s` }];
  }
  return [];
}

function errorBody(failure: FakeFailure, ctx: ExchangeContext, detail?: string): { code: number; body: unknown } {
  const [code, status, message] = failure === 'unauthorized' && ctx.apiKey === undefined ? NO_KEY : ERRORS[failure];
  const echoed = ctx.script.echoKey === true && failure !== 'forbidden' ? ` (key: ${ctx.apiKey ?? ''})` : '';
  const text = `${detail ?? message.replace('{key}', ctx.apiKey ?? '')}${echoed}`;
  const extra = details(failure, ctx);
  return { code, body: { error: { code, message: text, status, ...(extra.length > 0 ? { details: extra } : {}) } } };
}

function candidate(ctx: ExchangeContext, text: string, finishReason?: string, outputTokens = 0): { data: unknown } {
  return {
    data: {
      candidates: [{ content: { parts: [{ text }], role: 'model' }, ...(finishReason === undefined ? {} : { finishReason }), index: 0 }],
      usageMetadata: { promptTokenCount: 25, candidatesTokenCount: outputTokens, totalTokenCount: 25 + outputTokens },
      modelVersion: ctx.model,
      responseId: ctx.exchangeId,
    },
  };
}

export const geminiDialect: Dialect = {
  lineEnding: '\r\n',
  endpoint: (method, url) => (method === 'POST' ? ENDPOINT.exec(url.pathname)?.[1] : undefined),
  apiKey(req, url) {
    const header = req.headers['x-goog-api-key'];
    return typeof header === 'string' ? header : (url.searchParams.get('key') ?? undefined);
  },
  refuse(req, body) {
    if (new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('alt') !== 'sse') return 'this fake serves alt=sse only';
    if (!Array.isArray(body.contents) || body.contents.length === 0) return '* GenerateContentRequest.contents: contents is not specified';
    return undefined;
  },
  failure(failure, ctx, detail): FailureAnswer {
    const { code, body } = errorBody(failure, ctx, detail);
    return { status: code, body };
  },
  opening: () => [],
  delta: (text, ctx) => [candidate(ctx, text)],
  closing: (ctx, pieces) => [candidate(ctx, '', 'STOP', pieces)],
  streamError: (failure, ctx) => [{ data: errorBody(failure, ctx).body }],
};

export function startFakeGemini(options: FakeAiOptions = {}): Promise<FakeAi> {
  return startFakeAi(geminiDialect, options);
}
