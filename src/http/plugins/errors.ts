import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppError } from '../../core/errors.js';
import { validationMessage } from './validation-messages.js';

/**
 * The one place where errors become HTTP responses. Every non-2xx body is
 * {"detail": "..."}; unexpected errors are logged with the request id and
 * answered with a generic 500 that reveals nothing.
 */
export function registerErrorHandling(app: FastifyInstance, bodyLimitBytes: number): void {
  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send({ detail: `No route for ${request.method} ${pathOf(request.url)}` });
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const mapped = classify(error, bodyLimitBytes);
    if (mapped.status >= 500) {
      request.log.error({ err: error, reqId: request.id }, 'request failed');
    } else {
      request.log.info({ status: mapped.status, code: mapped.code }, 'request rejected');
    }
    for (const [name, value] of Object.entries(mapped.headers)) void reply.header(name, value);
    return reply.code(mapped.status).send({ detail: mapped.detail });
  });
}

interface Mapped {
  status: number;
  code: string;
  detail: string;
  headers: Record<string, string>;
}

function classify(error: FastifyError, bodyLimitBytes: number): Mapped {
  if (isAppError(error)) {
    const headers = { ...error.headers };
    if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(Math.max(0, Math.ceil(error.retryAfterSeconds)));
    return { status: error.status, code: error.code, detail: error.detail, headers };
  }
  if (error.validation) {
    return { status: 400, code: 'validation', detail: validationMessage(error.validation, error.validationContext ?? 'body'), headers: {} };
  }
  if (isDatabaseUnavailable(error)) {
    return { status: 503, code: 'database_unavailable', detail: 'Database unavailable; retry shortly', headers: { 'retry-after': '5' } };
  }
  const known = FASTIFY_CODES[error.code];
  if (known) return { ...known(error, bodyLimitBytes), code: error.code, headers: {} };
  // JSON syntax errors carry a slice of the body in their message: never echo it.
  if (error instanceof SyntaxError || error.statusCode === 400) {
    return { status: 400, code: 'bad_request', detail: 'Malformed request body: expected a JSON object', headers: {} };
  }
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 && error.code?.startsWith('FST_')) {
    return { status: error.statusCode, code: error.code, detail: error.message, headers: {} };
  }
  return { status: 500, code: 'internal', detail: 'Internal server error; the request id in X-Request-Id identifies it in the logs', headers: {} };
}

type Rule = (error: FastifyError, bodyLimitBytes: number) => { status: number; detail: string };

const FASTIFY_CODES: Readonly<Record<string, Rule>> = Object.freeze({
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => ({
    status: 415,
    detail: 'Unsupported Content-Type: send the body as application/json',
  }),
  FST_ERR_CTP_INVALID_TYPE: () => ({ status: 415, detail: 'Unsupported Content-Type: send the body as application/json' }),
  FST_ERR_CTP_BODY_TOO_LARGE: (_e, limit) => ({
    status: 413,
    detail: `Request body is larger than the limit of ${limit} bytes`,
  }),
  FST_ERR_CTP_INVALID_JSON_BODY: () => ({ status: 400, detail: 'Malformed JSON in request body' }),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => ({
    status: 400,
    detail: 'Request body is empty but Content-Type is application/json; send a JSON object or no Content-Type',
  }),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => ({ status: 400, detail: 'Content-Length does not match the body' }),
});

function pathOf(url: string): string {
  const path = url.split('?')[0] ?? '/';
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

// Connection-level failures of PostgreSQL (SQLSTATE classes 08 and 57P, too many connections)
// and of the socket under it: the database is down or unreachable, not the request wrong.
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', '53300', '57P01', '57P02', '57P03']);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|database ping timed out/i;

/** Whether an error (or one of its causes) says the database could not be reached. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (UNAVAILABLE_MESSAGES.test(error.message)) return true;
  return isDatabaseUnavailable((error as { cause?: unknown }).cause, depth + 1);
}
