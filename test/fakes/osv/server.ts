/**
 * A fake of the OSV API (https://google.github.io/osv.dev/api/) on a real
 * loopback HTTP server, answering with the real wire format:
 *
 * - POST /v1/querybatch `{queries: [{package: {ecosystem, name}, version, page_token?}]}` →
 *   `{results: [{vulns: [{id, modified}], next_page_token?}]}`, results[i] answering queries[i];
 *   a query with nothing (left) to list answers `{}`. A query without `version` lists every record
 *   naming the package. More than 1000 queries, a body that is not JSON or a query without a
 *   package (or with an empty version) → 400 `{code: 3, message}` (gRPC INVALID_ARGUMENT).
 * - POST /v1/query: one query, full records, same paging.
 * - GET /v1/vulns/{id} → the full record (withdrawn ones too, as the real API does), or
 *   404 `{code: 5, message: "Bug not found."}`.
 *
 * Queries never list withdrawn records. Matching is the fake's own (./match.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OsvVulnerability } from '../../../src/scanners/advisories/osv-schema.js';
import { fakeAffects, fakeNames } from './match.js';

export const MAX_BATCH_QUERIES = 1000;
const MAX_BODY = 64 * 1024 * 1024;

export interface FakeOsvFailure {
  /** HTTP status to answer with (429, 500, 503 …). */
  readonly status: number;
  /** How many of the next requests fail. */
  readonly count: number;
  /** Seconds, sent as Retry-After. */
  readonly retryAfter?: number;
}

export interface FakeOsvOptions {
  readonly records: readonly OsvVulnerability[];
  /** Vulns per query result before a next_page_token (default 1000). */
  readonly pageSize?: number;
  readonly failNext?: FakeOsvFailure;
  /** Wait before answering every request. */
  readonly delayMs?: number;
}

export interface FakeOsvRequest {
  readonly method: string;
  readonly path: string;
  /** Parsed JSON body of POSTs (the raw text when it was not JSON). */
  readonly body?: unknown;
  /** Status the fake answered with. */
  status?: number;
}

export interface FakeOsv {
  readonly url: string;
  readonly requests: FakeOsvRequest[];
  /** Fail the next `count` requests (undefined: stop failing). */
  setFailure(failure: FakeOsvFailure | undefined): void;
  /** Most requests the fake was handling at once, per route kind. */
  readonly maxInFlight: { readonly batch: number; readonly vulns: number };
  close(): Promise<void>;
}

/** gRPC status codes the API's HTTP errors carry. */
const GRPC_CODE: Readonly<Record<number, number>> = { 400: 3, 404: 5, 429: 8, 500: 13, 503: 14, 504: 4 };
const GRPC_MESSAGE: Readonly<Record<number, string>> = {
  429: 'Quota exceeded.',
  500: 'Internal error encountered.',
  503: 'The service is currently unavailable.',
  504: 'Deadline exceeded.',
};

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const sendError = (res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void =>
  send(res, status, { code: GRPC_CODE[status] ?? 2, message }, headers);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Error('fake OSV: request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

interface ParsedQuery {
  readonly ecosystem: string;
  readonly name: string;
  /** Undefined: every record naming the package. */
  readonly version?: string;
  readonly pageToken?: string;
}

function parseQuery(raw: unknown): ParsedQuery | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const q = raw as { package?: { ecosystem?: unknown; name?: unknown }; version?: unknown; page_token?: unknown };
  const ecosystem = q.package?.ecosystem;
  const name = q.package?.name;
  if (typeof ecosystem !== 'string' || typeof name !== 'string' || ecosystem === '' || name === '') return undefined;
  if (q.version !== undefined && (typeof q.version !== 'string' || q.version === '')) return undefined;
  if (q.page_token !== undefined && typeof q.page_token !== 'string') return undefined;
  return { ecosystem, name, ...(q.version === undefined ? {} : { version: q.version }), ...(q.page_token ? { pageToken: q.page_token } : {}) };
}

const queryKey = (q: ParsedQuery): string => JSON.stringify([q.ecosystem, q.name, q.version ?? null]);

/** Opaque to clients, like the real cursors: which query it continues and where. */
const encodeToken = (q: ParsedQuery, offset: number): string => Buffer.from(JSON.stringify({ k: queryKey(q), o: offset })).toString('base64url');

function decodeToken(q: ParsedQuery, token: string): number | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { k?: unknown; o?: unknown };
    return parsed.k === queryKey(q) && typeof parsed.o === 'number' && Number.isInteger(parsed.o) && parsed.o >= 0 ? parsed.o : undefined;
  } catch {
    return undefined;
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function startFakeOsv(options: FakeOsvOptions): Promise<FakeOsv> {
  const records = new Map<string, OsvVulnerability>();
  for (const r of options.records) records.set(r.id, r);
  const sorted = [...records.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const pageSize = Math.max(1, options.pageSize ?? 1000);
  const requests: FakeOsvRequest[] = [];
  let failure: { status: number; left: number; retryAfter?: number } | undefined;
  const setFailure = (f: FakeOsvFailure | undefined): void => {
    failure = f === undefined || f.count <= 0 ? undefined : { status: f.status, left: f.count, ...(f.retryAfter === undefined ? {} : { retryAfter: f.retryAfter }) };
  };
  setFailure(options.failNext);
  const inFlight = { batch: 0, vulns: 0 };
  const maxInFlight = { batch: 0, vulns: 0 };

  /** One page of the records affecting `q`; undefined for a page token that is not this query's. */
  function page(q: ParsedQuery): { vulns: OsvVulnerability[]; next?: string } | undefined {
    const offset = q.pageToken === undefined ? 0 : decodeToken(q, q.pageToken);
    if (offset === undefined) return undefined;
    const { version } = q;
    const all = sorted.filter((r) => (version === undefined ? fakeNames(r, q.ecosystem, q.name) : fakeAffects(r, q.ecosystem, q.name, version)));
    const vulns = all.slice(offset, offset + pageSize);
    return offset + pageSize < all.length ? { vulns, next: encodeToken(q, offset + pageSize) } : { vulns };
  }

  function answerBatch(res: ServerResponse, body: unknown): void {
    const queries = (body as { queries?: unknown } | null)?.queries;
    if (queries !== undefined && !Array.isArray(queries)) return sendError(res, 400, 'Invalid value at \'queries\'.');
    const list = (queries ?? []) as unknown[];
    if (list.length > MAX_BATCH_QUERIES) return sendError(res, 400, 'Too many queries.');
    const results: Record<string, unknown>[] = [];
    for (const raw of list) {
      const q = parseQuery(raw);
      if (!q) return sendError(res, 400, 'Invalid query.');
      const p = page(q);
      if (!p) return sendError(res, 400, 'Invalid page token.');
      // Empty repeated fields are left out of proto3 JSON: a query with nothing listed is {}.
      results.push({
        ...(p.vulns.length > 0 ? { vulns: p.vulns.map((v) => ({ id: v.id, modified: v.modified })) } : {}),
        ...(p.next === undefined ? {} : { next_page_token: p.next }),
      });
    }
    send(res, 200, { results });
  }

  function answerQuery(res: ServerResponse, body: unknown): void {
    const q = parseQuery(body);
    if (!q) return sendError(res, 400, 'Invalid query.');
    const p = page(q);
    if (!p) return sendError(res, 400, 'Invalid page token.');
    send(res, 200, { ...(p.vulns.length > 0 ? { vulns: p.vulns } : {}), ...(p.next === undefined ? {} : { next_page_token: p.next }) });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake-osv');
    const method = req.method ?? 'GET';
    const text = method === 'POST' ? await readBody(req) : '';
    let body: unknown;
    let json = true;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
        json = false;
      }
    }
    const entry: FakeOsvRequest = { method, path: url.pathname, ...(text === '' ? {} : { body }) };
    requests.push(entry);
    const kind = url.pathname === '/v1/querybatch' ? 'batch' : url.pathname.startsWith('/v1/vulns/') ? 'vulns' : undefined;
    if (kind) maxInFlight[kind] = Math.max(maxInFlight[kind], ++inFlight[kind]);
    try {
      if (options.delayMs !== undefined && options.delayMs > 0) await pause(options.delayMs);
      res.on('finish', () => (entry.status = res.statusCode));

      if (failure !== undefined) {
        const { status, retryAfter } = failure;
        if (--failure.left <= 0) failure = undefined;
        const headers: Record<string, string> = retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) };
        return sendError(res, status, GRPC_MESSAGE[status] ?? 'Unknown error.', headers);
      }

      if (method === 'POST' && (url.pathname === '/v1/querybatch' || url.pathname === '/v1/query')) {
        if (!json) return sendError(res, 400, 'Invalid JSON payload received. Unexpected token.');
        return url.pathname === '/v1/querybatch' ? answerBatch(res, body) : answerQuery(res, body);
      }
      if (method === 'GET' && kind === 'vulns') {
        let id: string;
        try {
          id = decodeURIComponent(url.pathname.slice('/v1/vulns/'.length));
        } catch {
          return sendError(res, 404, 'Bug not found.');
        }
        const record = records.get(id);
        return record === undefined ? sendError(res, 404, 'Bug not found.') : send(res, 200, record);
      }
      sendError(res, 404, 'Method does not exist.');
    } finally {
      if (kind) inFlight[kind]--;
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, error instanceof Error ? error.message : String(error));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setFailure,
    maxInFlight,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
