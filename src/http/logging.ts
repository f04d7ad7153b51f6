import type { FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';
import type { LogLevel } from '../config/index.js';

/**
 * Paths that must never reach a log line in clear. Keys, tokens and provider
 * keys travel in these headers and body fields; the dashboard adds the session
 * cookie, CSRF tokens, sign-in tokens and OAuth codes and tokens.
 */
export const REDACT_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers["x-api-key"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-csrf-token"]',
  'headers["set-cookie"]',
  'body.token',
  'body.api_key',
  'req.body.token',
  'req.body.api_key',
  'cookies',
  'req.cookies',
  'query.code',
  'query.state',
  'req.query.code',
  'req.query.state',
  '*.token',
  '*.api_key',
  '*.apiKey',
  '*.password',
  '*.cookies',
  '*.csrf_token',
  '*.csrfToken',
  '*.access_token',
  '*.accessToken',
  '*.client_secret',
  '*.clientSecret',
];

/** Query values are masked: a client may put a token in a URL by mistake. */
export function safeUrl(url: string): string {
  const [path = '/', query] = url.split('?', 2);
  if (query === undefined) return path;
  const masked = query
    .split('&')
    .map((pair) => pair.split('=', 1)[0] + (pair.includes('=') ? '=[redacted]' : ''))
    .join('&');
  return `${path}?${masked}`;
}

const MAX_LOGGED_MESSAGE = 2_000;
const MAX_LOGGED_STACK = 4_000;
const MAX_CAUSES = 3;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… [${text.length - max} more characters]`;
}

/**
 * Errors are logged by an allow-list: type, code, a bounded message and stack,
 * and their causes. Other properties are left out, because libraries hang
 * whole queries and their parameters (a stored scan result, say) on errors.
 */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, message: clip(String(error), MAX_LOGGED_MESSAGE) };
  const code = (error as { code?: unknown }).code;
  const cause = (error as { cause?: unknown }).cause;
  return {
    type: error.name,
    message: clip(error.message, MAX_LOGGED_MESSAGE),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(error.stack ? { stack: clip(error.stack, MAX_LOGGED_STACK) } : {}),
    ...(cause !== undefined && depth < MAX_CAUSES ? { cause: serializeError(cause, depth + 1) } : {}),
  };
}

export function loggerOptions(level: LogLevel, stream?: DestinationStream): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      err: (error: unknown) => serializeError(error),
      req: (request: FastifyRequest) => ({
        id: request.id,
        method: request.method,
        url: safeUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}

