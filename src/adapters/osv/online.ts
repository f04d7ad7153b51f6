/**
 * Online advisory source: the OSV API (https://google.github.io/osv.dev/api/).
 *
 * `POST /v1/querybatch` answers which vulnerability ids affect each package
 * version (ids and `modified` only, at most 1000 queries per request, paged per
 * query with `next_page_token`/`page_token`); `GET /v1/vulns/{id}` gives each
 * full record, cached by id across scans. The base URL is operator
 * configuration (OSV_API_URL), never user input, so plain fetch is right here.
 *
 * Anything that keeps failing after the retries becomes OsvUnavailableError:
 * a scan must say "advisories unavailable", never "no known vulnerabilities".
 */
import type { OsvVulnerability } from '../../scanners/advisories/osv-schema.js';
import type { PackageName, PackageQuery } from '../../scanners/advisories/source.js';

export type { PackageQuery } from '../../scanners/advisories/source.js';

/** The API's own limit on queries per querybatch request. */
export const OSV_MAX_BATCH = 1000;
const MAX_BATCH_RESPONSE_BYTES = 32 * 1024 * 1024;
const MAX_RECORD_BYTES = 4 * 1024 * 1024;
/** A query whose pages never end is a broken server, not a real package. */
const MAX_PAGES_PER_QUERY = 1000;
const DEFAULT_RETRY_AFTER_CAP_MS = 30_000;
const BASE_BACKOFF_MS = 250;
const EXCERPT_CHARS = 200;

export interface OsvOnlineOptions {
  /** e.g. https://api.osv.dev (no trailing /v1). */
  readonly baseUrl: string;
  /** Queries per querybatch request, at most 1000 (default 1000). */
  readonly batchSize?: number;
  /** Detail fetches in flight (default 8). */
  readonly concurrency?: number;
  /** Per request, body included (default 15000). */
  readonly timeoutMs?: number;
  /** Further attempts after a 429, 5xx, timeout or network failure (default 2). */
  readonly retries?: number;
  /** Longest wait honoured from Retry-After, and longest backoff (default 30000). */
  readonly maxRetryDelayMs?: number;
  readonly cache?: VulnCache;
  readonly userAgent?: string;
}

/** The OSV API could not answer (after retries). The message is short and safe to show. */
export class OsvUnavailableError extends Error {
  override readonly name = 'OsvUnavailableError';
}

export interface VulnCache {
  get(id: string): OsvVulnerability | undefined;
  set(id: string, v: OsvVulnerability): void;
}

/** A bounded LRU of full records with a time-to-live, meant to be shared by every scan of the process. */
export function createVulnCache(maxEntries = 20_000, ttlMs = 60 * 60 * 1000): VulnCache {
  const entries = new Map<string, { readonly value: OsvVulnerability; readonly expires: number }>();
  const limit = Math.max(1, Math.floor(maxEntries));
  return {
    get(id) {
      const entry = entries.get(id);
      if (entry === undefined) return undefined;
      entries.delete(id);
      if (entry.expires <= Date.now()) return undefined;
      entries.set(id, entry); // most recently used goes last
      return entry.value;
    },
    set(id, value) {
      entries.delete(id);
      entries.set(id, { value, expires: Date.now() + ttlMs });
      while (entries.size > limit) {
        const oldest = entries.keys().next();
        if (oldest.done === true) break;
        entries.delete(oldest.value);
      }
    },
  };
}

/** A failure worth another attempt, and how long the server asked us to wait. */
class RetryableError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

interface HttpAnswer {
  readonly status: number;
  readonly json?: unknown;
}

const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted === true) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Retry-After as delay-seconds or an HTTP date, in ms; undefined when absent or unreadable. */
function retryAfterMs(header: string | null): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const text = header.trim();
  if (/^\d+(?:\.\d+)?$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** A short, single-line excerpt of an error body: the API's `message` when it sent one. */
function excerpt(text: string): string {
  let shown = text;
  try {
    const parsed = JSON.parse(text) as { message?: unknown } | null;
    if (typeof parsed?.message === 'string') shown = parsed.message;
  } catch {
    // not JSON: show the text itself
  }
  const line = shown.replace(/\s+/g, ' ').trim();
  return line.length > EXCERPT_CHARS ? `${line.slice(0, EXCERPT_CHARS)}…` : line;
}

/** The body as text, refusing to hold more than `maxBytes`. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new OsvUnavailableError(`response larger than ${maxBytes} bytes`);
  }
  if (response.body === null) return '';
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new OsvUnavailableError(`response larger than ${maxBytes} bytes`);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A querybatch item: a package version, or (without `version`) every record naming the package. */
interface BatchQuery {
  readonly ecosystem: string;
  readonly name: string;
  readonly version?: string;
}

const queryKey = (q: BatchQuery): string => `${q.ecosystem}\u0000${q.name}\u0000${q.version ?? ''}`;

export class OsvOnlineClient {
  private readonly baseUrl: string;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly maxRetryDelayMs: number;
  private readonly cache: VulnCache | undefined;
  private readonly userAgent: string | undefined;
  private sent = 0;

  constructor(options: OsvOnlineOptions) {
    let base: URL;
    try {
      base = new URL(options.baseUrl);
    } catch {
      throw new Error(`OSV API URL is not a URL: ${options.baseUrl}`);
    }
    if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error('OSV API URL must be http or https');
    this.baseUrl = base.href.replace(/\/+$/, '');
    this.batchSize = Math.min(OSV_MAX_BATCH, Math.max(1, Math.floor(options.batchSize ?? OSV_MAX_BATCH)));
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? 8));
    this.timeoutMs = Math.max(1, options.timeoutMs ?? 15_000);
    this.retries = Math.max(0, Math.floor(options.retries ?? 2));
    this.maxRetryDelayMs = Math.max(0, options.maxRetryDelayMs ?? DEFAULT_RETRY_AFTER_CAP_MS);
    this.cache = options.cache;
    this.userAgent = options.userAgent;
  }

  /** HTTP requests sent so far (retries included). */
  get requestCount(): number {
    return this.sent;
  }

  /** Vulnerability ids per query (same order), following next_page_token until exhausted. */
  async queryBatch(queries: readonly PackageQuery[], signal?: AbortSignal): Promise<string[][]> {
    return (await this.queryBatchModified(queries, signal)).ids;
  }

  /** Full records for these ids, from the cache or GET /v1/vulns/{id}; ids the API does not know (404) are left out. */
  async getVulns(ids: readonly string[], signal?: AbortSignal): Promise<Map<string, OsvVulnerability>> {
    return this.fetchVulns(ids, new Map(), signal);
  }

  /** The records affecting each query, in query order. Duplicate queries are sent once. */
  async lookup(queries: readonly PackageQuery[], signal?: AbortSignal): Promise<OsvVulnerability[][]> {
    const unique = new Map<string, PackageQuery>();
    for (const q of queries) if (!unique.has(queryKey(q))) unique.set(queryKey(q), q);
    const distinct = [...unique.values()];
    const { ids, modified } = await this.queryBatchModified(distinct, signal);
    const idsByKey = new Map(distinct.map((q, i) => [queryKey(q), ids[i] ?? []]));
    const records = await this.fetchVulns(ids.flat(), modified, signal);
    return queries.map((q) =>
      (idsByKey.get(queryKey(q)) ?? [])
        .map((id) => records.get(id))
        // A record withdrawn between the query and the detail fetch affects nothing.
        .filter((r): r is OsvVulnerability => r !== undefined && !(typeof r.withdrawn === 'string' && r.withdrawn.trim() !== '')),
    );
  }

  /**
   * Every record naming each package, at any version (a query without `version`, which OSV answers
   * with all of the package's records), in query order. For GitHub Actions, whose refs OSV does not
   * match: the caller matches tags and commits itself.
   */
  async lookupPackages(packages: readonly PackageName[], signal?: AbortSignal): Promise<OsvVulnerability[][]> {
    const unique = new Map<string, BatchQuery>();
    for (const p of packages) {
      const q = { ecosystem: p.ecosystem, name: p.name };
      if (!unique.has(queryKey(q))) unique.set(queryKey(q), q);
    }
    const distinct = [...unique.values()];
    const { ids, modified } = await this.queryBatchModified(distinct, signal);
    const idsByKey = new Map(distinct.map((q, i) => [queryKey(q), ids[i] ?? []]));
    const records = await this.fetchVulns(ids.flat(), modified, signal);
    return packages.map((p) =>
      (idsByKey.get(queryKey({ ecosystem: p.ecosystem, name: p.name })) ?? [])
        .map((id) => records.get(id))
        .filter((r): r is OsvVulnerability => r !== undefined && !(typeof r.withdrawn === 'string' && r.withdrawn.trim() !== '')),
    );
  }

  /** Ids per query, and the `modified` stamp the batch gave for each id (to refresh stale cached copies). */
  private async queryBatchModified(queries: readonly BatchQuery[], signal?: AbortSignal): Promise<{ ids: string[][]; modified: Map<string, string> }> {
    const ids = queries.map(() => [] as string[]);
    const seen = queries.map(() => new Set<string>());
    const modified = new Map<string, string>();
    for (let start = 0; start < queries.length; start += this.batchSize) {
      // Queries of this batch still to ask, with the page token to continue from.
      let pending: { index: number; token?: string }[] = [];
      for (let i = start; i < Math.min(queries.length, start + this.batchSize); i++) pending.push({ index: i });
      for (let pageNo = 0; pending.length > 0; pageNo++) {
        if (pageNo >= MAX_PAGES_PER_QUERY) throw new OsvUnavailableError(`querybatch kept paging after ${MAX_PAGES_PER_QUERY} pages`);
        const body = {
          queries: pending.map(({ index, token }) => {
            const q = queries[index]!;
            return {
              package: { ecosystem: q.ecosystem, name: q.name },
              ...(q.version === undefined ? {} : { version: q.version }),
              ...(token === undefined ? {} : { page_token: token }),
            };
          }),
        };
        const answer = await this.request('POST', '/v1/querybatch', body, MAX_BATCH_RESPONSE_BYTES, false, signal);
        const results = isObject(answer.json) ? answer.json.results : undefined;
        if (!Array.isArray(results)) throw new OsvUnavailableError('querybatch answer has no results list');
        if (results.length !== pending.length) throw new OsvUnavailableError(`querybatch answered ${results.length} results for ${pending.length} queries`);
        const next: { index: number; token: string }[] = [];
        results.forEach((result: unknown, i) => {
          const { index, token } = pending[i]!;
          if (!isObject(result)) throw new OsvUnavailableError('querybatch result is not an object');
          const vulns = result.vulns ?? [];
          if (!Array.isArray(vulns)) throw new OsvUnavailableError('querybatch result vulns is not a list');
          for (const v of vulns as unknown[]) {
            if (!isObject(v) || typeof v.id !== 'string' || v.id === '') throw new OsvUnavailableError('querybatch result lists a vuln without an id');
            if (typeof v.modified === 'string') modified.set(v.id, v.modified);
            if (!seen[index]!.has(v.id)) {
              seen[index]!.add(v.id);
              ids[index]!.push(v.id);
            }
          }
          const nextToken = result.next_page_token;
          if (typeof nextToken === 'string' && nextToken !== '') {
            if (nextToken === token) throw new OsvUnavailableError('querybatch repeated a page token');
            next.push({ index, token: nextToken });
          }
        });
        pending = next;
      }
    }
    return { ids, modified };
  }

  private async fetchVulns(ids: readonly string[], modified: ReadonlyMap<string, string>, signal?: AbortSignal): Promise<Map<string, OsvVulnerability>> {
    const out = new Map<string, OsvVulnerability>();
    const wanted: string[] = [];
    for (const id of new Set(ids)) {
      const cached = this.cache?.get(id);
      const latest = modified.get(id);
      if (cached !== undefined && (latest === undefined || latest === cached.modified)) out.set(id, cached);
      else wanted.push(id);
    }
    if (wanted.length === 0) return out;

    // The first failure stops the other workers and cancels what they have in flight.
    const stop = new AbortController();
    const combined = signal === undefined ? stop.signal : AbortSignal.any([signal, stop.signal]);
    let failure: Error | undefined;
    let next = 0;
    const worker = async (): Promise<void> => {
      while (failure === undefined && next < wanted.length) {
        const id = wanted[next++]!;
        try {
          const answer = await this.request('GET', `/v1/vulns/${encodeURIComponent(id)}`, undefined, MAX_RECORD_BYTES, true, combined);
          if (answer.status === 404) continue;
          const record = answer.json;
          if (!isObject(record) || typeof record.id !== 'string') throw new OsvUnavailableError(`record ${id} is not an OSV record`);
          const vuln = record as unknown as OsvVulnerability;
          this.cache?.set(id, vuln);
          out.set(id, vuln);
        } catch (error) {
          if (failure === undefined) {
            // Only the first failure counts: the others are our own stop signal cancelling them.
            failure = error instanceof Error ? error : new OsvUnavailableError(String(error));
            stop.abort(failure);
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, wanted.length) }, worker));
    if (failure !== undefined) {
      if (signal?.aborted === true) throw signal.reason;
      throw failure;
    }
    return out;
  }

  /**
   * One API call with retries. Resolves with 2xx (JSON parsed), or 404 when `allow404`;
   * throws OsvUnavailableError otherwise, or the caller's abort reason when it cancelled.
   */
  private async request(method: 'GET' | 'POST', path: string, body: unknown, maxBytes: number, allow404: boolean, signal?: AbortSignal): Promise<HttpAnswer> {
    const what = `${method} ${path.startsWith('/v1/vulns/') ? '/v1/vulns/{id}' : path}`;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    for (let attempt = 0; ; attempt++) {
      signal?.throwIfAborted();
      try {
        return await this.attempt(method, path, payload, maxBytes, allow404, what, signal);
      } catch (error) {
        if (signal?.aborted === true) throw signal.reason;
        if (!(error instanceof RetryableError)) throw error;
        if (attempt >= this.retries) throw new OsvUnavailableError(`OSV API unavailable: ${error.message} (${what}, ${attempt + 1} attempts)`);
        const backoff = BASE_BACKOFF_MS * 2 ** attempt * (0.5 + Math.random() / 2);
        await sleep(Math.min(this.maxRetryDelayMs, error.retryAfterMs ?? backoff), signal);
      }
    }
  }

  private async attempt(method: 'GET' | 'POST', path: string, payload: string | undefined, maxBytes: number, allow404: boolean, what: string, signal?: AbortSignal): Promise<HttpAnswer> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const combined = signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (this.userAgent !== undefined) headers['user-agent'] = this.userAgent;
    this.sent++;
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: payload, signal: combined });
      text = await readCapped(response, maxBytes);
    } catch (error) {
      if (error instanceof OsvUnavailableError) throw error;
      if (signal?.aborted === true) throw signal.reason;
      if (timeout.aborted) throw new RetryableError(`no answer within ${this.timeoutMs} ms`);
      throw new RetryableError(`unreachable (${networkReason(error)})`);
    }
    const status = response.status;
    if (status === 404 && allow404) return { status };
    if (status === 429 || status >= 500) {
      throw new RetryableError(`HTTP ${status}${text === '' ? '' : `: ${excerpt(text)}`}`, retryAfterMs(response.headers.get('retry-after')));
    }
    if (status < 200 || status > 299) throw new OsvUnavailableError(`OSV API answered HTTP ${status} to ${what}${text === '' ? '' : `: ${excerpt(text)}`}`);
    try {
      return { status, json: JSON.parse(text) as unknown };
    } catch {
      throw new OsvUnavailableError(`OSV API sent malformed JSON to ${what}: ${excerpt(text)}`);
    }
  }
}

/** The most specific short reason a fetch failure carries (ECONNREFUSED, ENOTFOUND …). */
function networkReason(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return error instanceof Error ? error.message.slice(0, EXCERPT_CHARS) : 'network error';
}
