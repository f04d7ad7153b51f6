import type { FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';
import type { LogLevel } from '../config/index.js';

/**
 * Paths that must never reach a log line in clear. Keys, tokens and provider
 * keys travel in these headers and body fields.
 */
export const REDACT_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers["x-api-key"]',
  'headers.authorization',
  'body.token',
  'body.api_key',
  'req.body.token',
  'req.body.api_key',
  '*.token',
  '*.api_key',
  '*.apiKey',
  '*.password',
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

export function loggerOptions(level: LogLevel, stream?: DestinationStream): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
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

