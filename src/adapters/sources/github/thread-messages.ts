import { AppError, type ErrorCode } from '../../../core/errors.js';
import type { SourceLimits } from '../limits.js';
import type { ExtractResult } from './extract.js';

/** An error as it crosses between threads: AppErrors keep their code and fields, others their name and message. */
export interface WireError {
  readonly name: string;
  readonly message: string;
  readonly code?: ErrorCode;
  readonly retryAfterSeconds?: number;
  readonly headers?: Record<string, string>;
}

/** What the extraction thread starts with. */
export interface ExtractJob {
  readonly root: string;
  readonly limits: SourceLimits;
}

/** Main thread → extraction thread: the archive's bytes, one answer per pull. */
export type ToExtractor =
  | { readonly kind: 'chunk'; readonly bytes: Uint8Array }
  | { readonly kind: 'end' }
  | { readonly kind: 'fail'; readonly error: WireError }
  | { readonly kind: 'abort' };

/** Extraction thread → main thread. */
export type FromExtractor =
  | { readonly kind: 'pull' }
  | { readonly kind: 'done'; readonly result: ExtractResult }
  | { readonly kind: 'failed'; readonly error: WireError };

export function toWire(error: unknown): WireError {
  if (error instanceof AppError) {
    const { name, message, code, retryAfterSeconds, headers } = error;
    return { name, message, code, headers, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) };
  }
  return error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) };
}

export function fromWire(wire: WireError): Error {
  if (wire.code !== undefined) {
    return new AppError(wire.code, wire.message, { headers: wire.headers ?? {}, ...(wire.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: wire.retryAfterSeconds }) });
  }
  const error = new Error(wire.message);
  error.name = wire.name;
  return error;
}
