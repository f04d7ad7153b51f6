import { APICallError } from 'ai';
import { AiError, networkCode, rootMessage, safeCause, type AiErrorKind, type Redactor } from './errors.js';

/**
 * Maps whatever the AI SDK surfaces (an APICallError for an HTTP answer, a broken stream or a
 * failed connection; a provider's raw error payload from the middle of a stream) to one AiError.
 * The documented forms: Anthropic `{type:"error",error:{type,message}}` (529 overloaded_error),
 * OpenAI `{error:{message,type,code}}`, Gemini `{error:{code,message,status,details}}`.
 */
export type RemoteProviderName = 'anthropic' | 'openai' | 'google' | 'openai-compatible';

export interface ClassifyContext {
  readonly provider: RemoteProviderName;
  /** Human name for messages: "Anthropic", "OpenAI", … */
  readonly label: string;
  readonly redact: Redactor;
}

interface UpstreamError {
  readonly tags: readonly string[];
  readonly code: number | undefined;
  readonly message: string | undefined;
  readonly details: readonly unknown[];
}

const PHRASES: Readonly<Record<AiErrorKind, string>> = Object.freeze({
  overloaded: 'is overloaded',
  unavailable: 'is unavailable',
  rejected_key: 'rejected the API key',
  rate_limited: 'rate-limited the request',
  bad_request: 'rejected the request',
  timeout: 'sent no text within the time limit',
  cancelled: 'request was cancelled',
  unknown: 'request failed',
});

const TAG_KINDS: ReadonlyArray<readonly [AiErrorKind, readonly string[]]> = [
  ['overloaded', ['overloaded_error']],
  ['rejected_key', ['authentication_error', 'permission_error', 'invalid_api_key', 'api_key_invalid', 'unauthenticated', 'permission_denied']],
  ['rate_limited', ['rate_limit_error', 'rate_limit_exceeded', 'resource_exhausted', 'insufficient_quota']],
  ['bad_request', ['invalid_request_error', 'request_too_large', 'not_found_error', 'invalid_argument', 'failed_precondition', 'not_found']],
  ['unavailable', ['api_error', 'server_error', 'internal', 'unavailable', 'timeout_error', 'deadline_exceeded']],
];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

function parseJson(body: string | undefined): unknown {
  if (body === undefined) return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** The error object of an answer or stream chunk, whichever provider wrote it. */
function upstreamError(value: unknown): UpstreamError | undefined {
  const inner = isRecord(value) && isRecord(value.error) ? value.error : value;
  if (!isRecord(inner)) return undefined;
  const details = Array.isArray(inner.details) ? inner.details : [];
  const reasons = details.map((d) => (isRecord(d) ? text(d.reason) : undefined));
  const tags = [text(inner.type), text(inner.code), text(inner.status), ...reasons]
    .filter((t): t is string => t !== undefined)
    .map((t) => t.toLowerCase());
  const code = typeof inner.code === 'number' ? inner.code : undefined;
  const message = text(inner.message);
  if (tags.length === 0 && code === undefined && message === undefined) return undefined;
  return { tags, code, message, details };
}

function kindFromTags(tags: readonly string[]): AiErrorKind | undefined {
  for (const [kind, names] of TAG_KINDS) if (tags.some((t) => names.includes(t))) return kind;
  return undefined;
}

function kindFor(status: number | undefined, up: UpstreamError | undefined, provider: RemoteProviderName): AiErrorKind {
  const tagged = kindFromTags(up?.tags ?? []);
  if (status === 529 || tagged === 'overloaded') return 'overloaded';
  // OpenAI and Gemini document 503 as "overloaded, try later"; Anthropic uses 529 for that.
  if (status === 503 && provider !== 'anthropic') return 'overloaded';
  if (status === 401 || status === 403 || tagged === 'rejected_key') return 'rejected_key';
  if (status === 429 || tagged === 'rate_limited') return 'rate_limited';
  if (status === 408) return 'unavailable';
  if (status !== undefined && status >= 400 && status < 500) return 'bad_request';
  if (status !== undefined && status >= 500) return 'unavailable';
  if (tagged !== undefined) return tagged;
  if (up?.code !== undefined && up.code >= 400) return kindFor(up.code, undefined, provider);
  return 'unknown';
}

function secondsFrom(value: string | undefined, unitMs: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim().replace(/s$/, '');
  if (/^\d{1,9}(?:\.\d{1,9})?$/.test(trimmed)) return Math.ceil((Number(trimmed) * unitMs) / 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** retry-after-ms, retry-after (seconds or HTTP date), or Gemini's google.rpc.RetryInfo retryDelay ("17s"). */
function retryAfterSeconds(headers: Record<string, string> | undefined, up: UpstreamError | undefined): number | undefined {
  const fromHeaders = secondsFrom(headers?.['retry-after-ms'], 1) ?? secondsFrom(headers?.['retry-after'], 1000);
  if (fromHeaders !== undefined) return fromHeaders;
  for (const detail of up?.details ?? []) {
    if (isRecord(detail) && String(detail['@type']).endsWith('google.rpc.RetryInfo')) return secondsFrom(text(detail.retryDelay), 1000);
  }
  return undefined;
}

function build(kind: AiErrorKind, ctx: ClassifyContext, detail: string | undefined, extra: { status?: number; retryAfterSeconds?: number; cause?: unknown }): AiError {
  const status = extra.status === undefined ? '' : ` (HTTP ${extra.status})`;
  const said = detail === undefined ? '' : `: ${ctx.redact(detail)}`;
  const options = {
    ...(extra.status === undefined ? {} : { status: extra.status }),
    ...(extra.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: extra.retryAfterSeconds }),
    ...(extra.cause === undefined ? {} : { cause: safeCause(extra.cause, ctx.redact) }),
  };
  return new AiError(kind, `${ctx.label} ${PHRASES[kind]}${status}${said}`, options);
}

function fromApiCallError(error: APICallError, ctx: ClassifyContext): AiError {
  const status = error.statusCode;
  if (status === undefined || status < 400) {
    // No HTTP error answer: the connection failed, or the stream broke after a 200.
    const kind = networkCode(error) !== undefined || error.isRetryable ? 'unavailable' : 'unknown';
    return build(kind, ctx, rootMessage(error), { cause: error });
  }
  const up = upstreamError(error.data) ?? upstreamError(parseJson(error.responseBody));
  const kind = kindFor(status, up, ctx.provider);
  const retryAfter = kind === 'rate_limited' ? retryAfterSeconds(error.responseHeaders, up) : undefined;
  return build(kind, ctx, up?.message ?? error.message, { status, retryAfterSeconds: retryAfter, cause: error });
}

/** Anything thrown by, or reported from, an SDK stream → AiError (the key redacted from every text). */
export function toAiError(error: unknown, ctx: ClassifyContext): AiError {
  if (error instanceof AiError) return error;
  if (APICallError.isInstance(error)) return fromApiCallError(error, ctx);
  if (networkCode(error) !== undefined) return build('unavailable', ctx, rootMessage(error), { cause: error });
  if (!(error instanceof Error)) {
    // A provider's own error payload from the middle of a stream (Anthropic `event: error`, an OpenAI `{"error":…}` chunk).
    const up = upstreamError(error);
    const kind = kindFor(undefined, up, ctx.provider);
    return build(kind, ctx, up?.message, { status: up?.code });
  }
  if (error instanceof TypeError && /terminated|fetch failed|other side closed/i.test(error.message)) {
    return build('unavailable', ctx, rootMessage(error), { cause: error });
  }
  return build('unknown', ctx, error.message, { cause: error });
}

/** The error for a stream the caller aborted, or that produced no text within the limit. */
export function stopError(kind: 'cancelled' | 'timeout', ctx: ClassifyContext, limitMs?: number): AiError {
  const detail = kind === 'timeout' && limitMs !== undefined ? `${limitMs} ms` : undefined;
  return build(kind, ctx, detail, {});
}
