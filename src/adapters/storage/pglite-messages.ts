/**
 * Messages between the service and its embedded-database thread (pglite-thread.ts and
 * pglite-worker.ts), and database errors as they cross between them.
 */

/** Main thread → database thread. `id` pairs each request with its answer. */
export type ToDatabase =
  | { readonly kind: 'query'; readonly id: number; readonly sql: string; readonly params: readonly unknown[] }
  /** Answered as soon as the thread's event loop turns, ahead of queued queries. */
  | { readonly kind: 'ping'; readonly id: number }
  /** Queued behind every query sent before it; the thread closes PGlite, answers and ends. */
  | { readonly kind: 'close'; readonly id: number };

/** Database thread → main thread. */
export type FromDatabase =
  | { readonly kind: 'ready' }
  | { readonly kind: 'start-failed'; readonly error: WireDatabaseError }
  /** `affectedRows` only for statements that return no columns (INSERT, UPDATE, DELETE without RETURNING). */
  | { readonly kind: 'result'; readonly id: number; readonly rows: unknown[]; readonly affectedRows?: number }
  | { readonly kind: 'failed'; readonly id: number; readonly error: WireDatabaseError }
  | { readonly kind: 'pong'; readonly id: number }
  | { readonly kind: 'closed'; readonly id: number };

/**
 * The fields PostgreSQL reports with an error (SQLSTATE `code`, `constraint`, `detail` …), as
 * PGlite's DatabaseError carries them. Structured cloning keeps only an Error's name and message,
 * so they cross as plain data and are put back on the main thread.
 */
const ERROR_FIELDS = [
  'length',
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
] as const;

type ErrorField = (typeof ERROR_FIELDS)[number];

export interface WireDatabaseError {
  readonly name: string;
  readonly message: string;
  readonly fields: Partial<Record<ErrorField, string | number>>;
}

/** PGlite's errors, and what its WebAssembly runtime throws (an `ExitStatus` object that is no Error), as data. */
export function toWireError(error: unknown): WireDatabaseError {
  if (typeof error !== 'object' || error === null) return { name: 'Error', message: String(error), fields: {} };
  const source = error as Record<string, unknown>;
  const fields: Partial<Record<ErrorField, string | number>> = {};
  for (const field of ERROR_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number') fields[field] = value;
  }
  const name = typeof source.name === 'string' ? source.name : 'Error';
  const message = typeof source.message === 'string' ? source.message : 'unknown error (no message)';
  return { name, message, fields };
}

/**
 * A database error from the embedded database, with the same fields PGlite's DatabaseError has
 * in-process (and PostgreSQL's driver gives): `code` is the SQLSTATE, so the error mapping and
 * the logs treat both backends alike. `query` and `params` are put back as PGlite sets them.
 */
export class EmbeddedDatabaseError extends Error {
  declare readonly length?: number;
  declare readonly severity?: string;
  declare readonly code?: string;
  declare readonly detail?: string;
  declare readonly hint?: string;
  declare readonly position?: string;
  declare readonly internalPosition?: string;
  declare readonly internalQuery?: string;
  declare readonly where?: string;
  declare readonly schema?: string;
  declare readonly table?: string;
  declare readonly column?: string;
  declare readonly dataType?: string;
  declare readonly constraint?: string;
  declare readonly file?: string;
  declare readonly line?: string;
  declare readonly routine?: string;
  declare readonly query?: string;
  declare readonly params?: readonly unknown[];

  constructor(wire: WireDatabaseError, query?: { readonly sql: string; readonly params: readonly unknown[] }) {
    super(wire.message);
    this.name = wire.name;
    Object.assign(this, wire.fields);
    if (query !== undefined) Object.assign(this, { query: query.sql, params: query.params });
  }
}

/**
 * The embedded database could not be reached: its thread stopped, or the storage was closed.
 * The codes are PostgreSQL's connection-failure SQLSTATEs (class 08), which the API answers
 * with 503 and Retry-After like an unreachable PostgreSQL server.
 */
export class DatabaseThreadUnavailable extends Error {
  readonly code: '08006' | '08003';
  constructor(code: '08006' | '08003', message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseThreadUnavailable';
    this.code = code;
  }
}
