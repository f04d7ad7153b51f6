/**
 * Typed errors with stable codes. Every layer throws these; the API's single
 * error handler (src/http/plugins/errors.ts) maps them to HTTP status and {detail}.
 */
export const ERROR_STATUS = Object.freeze({
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const);

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface AppErrorOptions {
  /** Seconds a client should wait before retrying (sent as Retry-After). */
  retryAfterSeconds?: number;
  /** Extra response headers (for example rate-limit fields). */
  headers?: Record<string, string>;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: string;
  readonly retryAfterSeconds: number | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, detail: string, options: AppErrorOptions = {}) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.detail = detail;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.headers = options.headers ?? {};
  }
}

export const badRequest = (detail: string): AppError => new AppError('bad_request', detail);
export const notFound = (detail: string): AppError => new AppError('not_found', detail);
export const forbidden = (detail: string): AppError => new AppError('forbidden', detail);

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** The one 401 body: the same whatever was wrong with the key. */
export const UNAUTHORIZED_DETAIL = 'Missing or invalid API key: send a valid key in the X-API-Key header';
export const unauthorized = (): AppError => new AppError('unauthorized', UNAUTHORIZED_DETAIL);
