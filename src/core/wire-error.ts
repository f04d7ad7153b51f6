import { AppError, type ErrorCode } from './errors.js';

/**
 * An error as it crosses between threads: AppErrors keep their code and fields, others their
 * name and message; the cause an AppError wraps (what the log shows for an internal failure)
 * keeps its name, message and stack.
 */
export interface WireError {
  readonly name: string;
  readonly message: string;
  readonly code?: ErrorCode;
  readonly retryAfterSeconds?: number;
  readonly headers?: Record<string, string>;
  readonly cause?: { readonly name: string; readonly message: string; readonly stack?: string };
}

function causeOf(error: AppError): WireError['cause'] {
  const { cause } = error;
  if (cause === undefined) return undefined;
  if (!(cause instanceof Error)) return { name: 'Error', message: typeof cause === 'string' ? cause : JSON.stringify(cause) ?? 'unknown' };
  return { name: cause.name, message: cause.message, ...(cause.stack === undefined ? {} : { stack: cause.stack }) };
}

export function toWire(error: unknown): WireError {
  if (error instanceof AppError) {
    const { name, message, code, retryAfterSeconds, headers } = error;
    const cause = causeOf(error);
    return { name, message, code, headers, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }), ...(cause === undefined ? {} : { cause }) };
  }
  return error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) };
}

export function fromWire(wire: WireError): Error {
  if (wire.code !== undefined) {
    let cause: Error | undefined;
    if (wire.cause !== undefined) {
      cause = new Error(wire.cause.message);
      cause.name = wire.cause.name;
      if (wire.cause.stack !== undefined) cause.stack = wire.cause.stack;
    }
    return new AppError(wire.code, wire.message, {
      headers: wire.headers ?? {},
      ...(wire.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: wire.retryAfterSeconds }),
      ...(cause === undefined ? {} : { cause }),
    });
  }
  const error = new Error(wire.message);
  error.name = wire.name;
  return error;
}
