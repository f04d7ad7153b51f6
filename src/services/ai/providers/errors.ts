/**
 * The one error type every AI provider throws, and the redaction that keeps API keys out of
 * it. Defined here (and re-exported by ../provider.ts) so the provider modules never import
 * the contract file at run time: no import cycle.
 */
export type AiErrorKind =
  | 'overloaded'
  | 'unavailable'
  | 'rejected_key'
  | 'rate_limited'
  | 'bad_request'
  | 'timeout'
  | 'cancelled'
  | 'unknown';

export interface AiErrorOptions {
  readonly status?: number;
  readonly retryAfterSeconds?: number;
  readonly cause?: unknown;
}

export class AiError extends Error {
  constructor(
    readonly kind: AiErrorKind,
    message: string,
    readonly options?: AiErrorOptions,
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AiError';
  }
}

export function isAiError(value: unknown): value is AiError {
  return value instanceof AiError;
}

/** Longest upstream text we copy into a message; longer text is cut before redaction runs. */
const MAX_UPSTREAM_TEXT = 2_000;
const MAX_MESSAGE_DETAIL = 300;
/**
 * Key-shaped tokens from the documented prefixes (Anthropic and OpenAI `sk-…`, Google `AIza…`),
 * caught even when the upstream echoes a key that is not ours. One bounded class, no nesting:
 * linear time.
 */
const KEY_SHAPED = /\b(?:sk-|AIza)[\w-]{6,200}/g;
export const REDACTED = '[redacted]';

export type Redactor = (text: string) => string;

/** A function that removes `secret` (and anything key-shaped) from text meant for an error. */
export function redactorFor(secret: string | undefined): Redactor {
  const exact = secret !== undefined && secret.length >= 4 ? secret : undefined;
  return (text) => {
    let out = exact === undefined ? text : text.split(exact).join(REDACTED);
    if (out.length > MAX_UPSTREAM_TEXT) out = out.slice(0, MAX_UPSTREAM_TEXT);
    out = out.replace(KEY_SHAPED, REDACTED);
    return out.length > MAX_MESSAGE_DETAIL ? `${out.slice(0, MAX_MESSAGE_DETAIL)}…` : out;
  };
}

/**
 * A stand-in for an upstream error that is safe to keep as `cause`: its name, its redacted
 * message and a network code when there is one. The original is dropped because the SDK's
 * errors carry the whole request body (the prompt) and raw response bodies.
 */
export function safeCause(error: unknown, redact: Redactor): Error | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = networkCode(error);
  const cause = new Error(redact(error.message));
  cause.name = error.name;
  if (code !== undefined) Object.assign(cause, { code });
  cause.stack = `${cause.name}: ${cause.message}`;
  return cause;
}

const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** The first connection-level error code in an error's cause chain (bounded walk). */
export function networkCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    const code = 'code' in current ? current.code : undefined;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
    if (current instanceof AggregateError) {
      for (const inner of current.errors) {
        const found = networkCode(inner);
        if (found !== undefined) return found;
      }
    }
    current = current.cause;
  }
  return undefined;
}

/** The innermost message of a cause chain: "connect ECONNREFUSED 127.0.0.1:9" rather than "fetch failed". */
export function rootMessage(error: unknown): string {
  let current: unknown = error;
  let message = error instanceof Error ? error.message : String(error);
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    if (current.message !== '') message = current.message;
    current = current.cause;
  }
  return message;
}
