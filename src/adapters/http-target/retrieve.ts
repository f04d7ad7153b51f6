/**
 * All the HTTP the API-headers scan does, once, through the SSRF-safe client:
 *  1. GET the target, redirects followed (a failure here fails the scan: the client's error is thrown);
 *  2. for an https target on the default port, GET its http:// variant without following redirects
 *     (and, if that redirects to another http:// URL, once more with redirects followed);
 *  3. CORS probes to the main response's final URL, a few at a time, in two phases: a simple GET from each
 *     Origin of origins.ts plus preflights from the unrelated and the null origin; then a preflight from
 *     each other kind of origin the GETs showed trusted (at most MAX_REQUESTS in all). A failed probe or
 *     variant is recorded, not thrown.
 * Opt-in, before the main GET: the `openapi_url` document (its failure fails the scan with a 400 that
 * names it); after the probes: one GET per requested or documented path (no redirects followed).
 * The result is plain data (types.ts); the checks never touch the network.
 */
import { badRequest, isAppError } from '../../core/errors.js';
import { type LookupFunction, parseTargetUrl, probeLegacyTls, type SafeFetchOptions, type SafeResponse, safeFetch } from '../net/index.js';
import { derivePaths, MAX_OPENAPI_BYTES, OPENAPI_TIMEOUT_MS, openApiFailure, parseOpenApi, type DocumentedPath, type OpenApiDocument } from '../../scanners/http/openapi.js';
import { probeOrigins } from '../../scanners/http/origins.js';
import {
  type CorsProbe,
  type Endpoint,
  type Exchange,
  type HttpVariant,
  type ObservedResponse,
  type OpenApiSummary,
  type PathResponse,
  PREFLIGHT_REQUEST_HEADERS,
  PREFLIGHT_REQUEST_METHOD,
  type ProbeKind,
  type ProbeMethod,
  type ProbeOrigin,
  type RequestRecord,
  type Retrieved,
} from '../../scanners/http/types.js';

export type FetchFunction = (url: string, options?: SafeFetchOptions) => Promise<SafeResponse>;

export interface RetrieveOptions {
  /** Operator allow-list passed to the client (SCAN_API_ALLOW_CIDRS). */
  readonly allowCidrs?: readonly string[];
  readonly lookup?: LookupFunction;
  readonly signal?: AbortSignal;
  /** Requests in flight at once after the main GET; default 4. */
  readonly concurrency?: number;
  /** Per-request deadlines; the client's defaults otherwise. */
  readonly totalTimeoutMs?: number;
  readonly connectTimeoutMs?: number;
  /** The client; safeFetch unless a test injects another. */
  readonly fetch?: FetchFunction;
  /** The TLS 1.0/1.1 handshake after an https main GET; default on. */
  readonly legacyTlsProbe?: boolean;
  /** Opt-in GET paths, resolved against the main response's final URL, same origin only (at most MAX_PATHS). */
  readonly paths?: readonly string[];
  /** Opt-in: an OpenAPI 3.x / Swagger 2.0 document whose GET operations are probed like `paths` (MAX_PROBED_PATHS in all). */
  readonly openapiUrl?: string;
  readonly probeLegacyTls?: typeof probeLegacyTls;
}

export const DEFAULT_CONCURRENCY = 4;
/** Bodies are capped small (main GET and paths, read by the unauthenticated-data check) or not kept (probes). */
const MAIN_BODY_BYTES = 16 * 1024;
const PATH_BODY_BYTES = 16 * 1024;
const PROBE_BODY_BYTES = 0;
const MAX_CONCURRENCY = 16;
/** Requests one scan sends at most (redirect hops included); phase-2 preflights are dropped past it. */
export const MAX_REQUESTS = 25;
import { MAX_PATHS } from '../../scanners/http/limits.js';
export { MAX_PATHS };
/** Paths one scan fetches at most, listed and documented together, beyond the MAX_REQUESTS of the base URL. */
export const MAX_PROBED_PATHS = 10;
/** Kinds always preflighted: what any site, and a sandboxed page, may send. */
const ALWAYS_PREFLIGHT: readonly ProbeKind[] = ['arbitrary', 'null'];

interface Context {
  readonly fetch: FetchFunction;
  readonly base: SafeFetchOptions;
  readonly log: RequestRecord[];
}

function observe(requested: string, method: string, response: SafeResponse, withBody = false): ObservedResponse {
  const observed = { url: requested, finalUrl: response.url, method, status: response.status, headers: response.headers, redirects: response.redirects };
  return withBody ? { ...observed, body: { text: response.body.toString('utf8'), truncated: response.truncated } } : observed;
}

function logResponse(log: RequestRecord[], method: string, response: SafeResponse, origin?: string): void {
  const extra = origin === undefined ? {} : { origin };
  let hopMethod = method;
  for (const hop of response.redirects) {
    log.push({ method: hopMethod, url: hop.url, status: hop.status, ...extra });
    if (hop.status !== 307 && hop.status !== 308 && hopMethod !== 'HEAD') hopMethod = 'GET';
  }
  log.push({ method: hopMethod, url: response.url, status: response.status, ...extra });
}

/** One request whose failure is data: client errors (4xx AppError) are recorded, our own bugs are thrown. */
async function attempt(ctx: Context, url: string, options: SafeFetchOptions, origin?: string, withBody = false): Promise<Exchange> {
  const method = options.method ?? 'GET';
  try {
    const response = await ctx.fetch(url, { ...ctx.base, ...options });
    logResponse(ctx.log, method, response, origin);
    return { ok: true, response: observe(url, method, response, withBody) };
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    ctx.log.push({ method, url, status: null, ...(origin === undefined ? {} : { origin }) });
    return { ok: false, url, method, error: error.detail };
  }
}

async function fetchHttpVariant(ctx: Context, target: URL): Promise<HttpVariant | null> {
  // Swapping the scheme of https://host:8443 would send plain http to a TLS port: skip.
  if (target.protocol !== 'https:' || target.port !== '') return null;
  const plain = new URL(target.href);
  plain.protocol = 'http:';
  const first = await attempt(ctx, plain.href, { maxRedirects: 0, maxBodyBytes: PROBE_BODY_BYTES });
  if (!first.ok || first.response.status < 300 || first.response.status >= 400) return { first };
  const location = first.response.headers.location?.[0];
  let next: URL;
  try {
    next = new URL(location ?? '', plain);
  } catch {
    return { first };
  }
  if (location === undefined || next.protocol !== 'http:') return { first };
  const followed = await attempt(ctx, plain.href, { maxBodyBytes: PROBE_BODY_BYTES });
  return { first, followed };
}

function probeHeaders(origin: string, method: ProbeMethod): Record<string, string> {
  if (method === 'GET') return { origin };
  return { origin, 'access-control-request-method': PREFLIGHT_REQUEST_METHOD, 'access-control-request-headers': PREFLIGHT_REQUEST_HEADERS };
}

/** Runs tasks with at most `limit` in flight; after a failure or an abort no new task starts. */
async function runLimited(tasks: readonly (() => Promise<void>)[], limit: number, signal?: AbortSignal): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && signal?.aborted !== true && next < tasks.length) {
      const task = tasks[next++];
      try {
        if (task) await task();
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}

/** A path to GET, with what is known about its endpoint. */
interface PathRequest {
  readonly url: string;
  readonly endpoint: Endpoint;
}

const LISTED: Endpoint = Object.freeze({ source: 'paths', security: 'undeclared' });

/**
 * The listed paths (at most MAX_PATHS) then the documented ones, resolved against the final URL,
 * same origin only, without repeats, at most MAX_PROBED_PATHS; a listed path the document also
 * describes carries the document's endpoint.
 */
function pathRequests(base: string, listed: readonly string[], documented: readonly DocumentedPath[]): PathRequest[] {
  const origin = new URL(base).origin;
  const resolve = (path: string): string | undefined => {
    try {
      const url = new URL(path, base);
      return url.origin === origin ? url.href : undefined;
    } catch {
      return undefined;
    }
  };
  const fromDocument = new Map<string, Endpoint>();
  for (const d of documented) {
    const url = resolve(d.path);
    if (url !== undefined && !fromDocument.has(url)) fromDocument.set(url, d.endpoint);
  }
  const requests: PathRequest[] = [];
  const add = (url: string | undefined, endpoint: Endpoint) => {
    if (url !== undefined && requests.length < MAX_PROBED_PATHS && !requests.some((r) => r.url === url)) requests.push({ url, endpoint: fromDocument.get(url) ?? endpoint });
  };
  for (const path of listed.slice(0, MAX_PATHS)) add(resolve(path), LISTED);
  for (const [url, endpoint] of fromDocument) add(url, endpoint);
  return requests;
}

/** GETs of the opt-in paths without redirects; a path that fails is skipped (its request is logged). */
async function fetchPaths(ctx: Context, requests: readonly PathRequest[], session: { tlsSession?: Buffer }, limit: number, signal?: AbortSignal): Promise<PathResponse[]> {
  const found: PathResponse[] = [];
  const tasks = requests.map(({ url, endpoint }) => async () => {
    const exchange = await attempt(ctx, url, { maxBodyBytes: PATH_BODY_BYTES, maxRedirects: 0, ...session }, undefined, true);
    if (exchange.ok) found.push({ ...exchange.response, endpoint });
  });
  await runLimited(tasks, limit, signal);
  signal?.throwIfAborted();
  const order = requests.map((r) => r.url);
  return found.sort((a, b) => order.indexOf(a.url) - order.indexOf(b.url));
}

/** The `openapi_url` document, parsed; every failure is a 400 that names openapi_url. */
async function fetchOpenApi(ctx: Context, url: string): Promise<{ doc: OpenApiDocument; finalUrl: string }> {
  let response: SafeResponse;
  try {
    response = await ctx.fetch(url, {
      ...ctx.base,
      headers: { accept: 'application/json, application/yaml;q=0.9, */*;q=0.5' },
      maxBodyBytes: MAX_OPENAPI_BYTES,
      totalTimeoutMs: Math.min(ctx.base.totalTimeoutMs ?? OPENAPI_TIMEOUT_MS, OPENAPI_TIMEOUT_MS),
    });
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    ctx.log.push({ method: 'GET', url, status: null });
    throw openApiFailure(error);
  }
  logResponse(ctx.log, 'GET', response);
  if (response.status < 200 || response.status >= 300) throw badRequest(`Could not fetch openapi_url: it answered ${response.status} at ${response.url}`);
  if (response.truncated) throw badRequest(`Invalid OpenAPI document: larger than ${MAX_OPENAPI_BYTES / (1024 * 1024)} MiB`);
  const doc = await parseOpenApi(response.body.toString('utf8'), ctx.base.signal === undefined ? {} : { signal: ctx.base.signal });
  return { doc, finalUrl: response.url };
}

function concurrencyOf(requested = DEFAULT_CONCURRENCY): number {
  return Number.isFinite(requested) ? Math.max(1, Math.min(MAX_CONCURRENCY, Math.floor(requested))) : DEFAULT_CONCURRENCY;
}

/** One origin per kind whose GET was answered with that origin (not `*`), beyond those preflighted already. */
function preflightsNeeded(probes: readonly CorsProbe[]): ProbeOrigin[] {
  const needed: ProbeOrigin[] = [];
  for (const p of probes) {
    if (p.method !== 'GET' || !p.exchange.ok || p.kind === 'control' || ALWAYS_PREFLIGHT.includes(p.kind)) continue;
    if (needed.some((n) => n.kind === p.kind)) continue;
    const allowed = p.exchange.response.headers['access-control-allow-origin']?.[0]?.trim();
    if (allowed === p.origin) needed.push({ kind: p.kind, origin: p.origin });
  }
  return needed;
}

export async function retrieve(target: string, options: RetrieveOptions = {}): Promise<Retrieved> {
  const url = parseTargetUrl(target);
  const base: SafeFetchOptions = {
    allowCidrs: options.allowCidrs ?? [],
    ...(options.lookup === undefined ? {} : { lookup: options.lookup }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.totalTimeoutMs === undefined ? {} : { totalTimeoutMs: options.totalTimeoutMs }),
    ...(options.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: options.connectTimeoutMs }),
    // Certificate problems are findings (tls-certificate), not a reason to stop: complete the handshake and record it.
    tls: 'inspect',
  };
  const ctx: Context = { fetch: options.fetch ?? safeFetch, base, log: [] };
  const retrievedAt = new Date().toISOString();

  // Opt-in: the OpenAPI document first, so a bad one fails the scan before the target is contacted.
  const document = options.openapiUrl === undefined ? undefined : await fetchOpenApi(ctx, options.openapiUrl);

  // The main GET: its failure is the scan's failure.
  const response = await ctx.fetch(url.href, { ...base, maxBodyBytes: MAIN_BODY_BYTES });
  logResponse(ctx.log, 'GET', response);
  const main = observe(url.href, 'GET', response, true);

  const probeUrl = main.finalUrl;
  const limit = concurrencyOf(options.concurrency);
  const probes: CorsProbe[] = [];
  // The probes go to the origin that answered the main GET: resuming its TLS session saves a full handshake each.
  const session = response.tlsSession === undefined ? {} : { tlsSession: response.tlsSession };
  const probe = (origin: ProbeOrigin, method: ProbeMethod) => async () => {
    const exchange = await attempt(ctx, probeUrl, { method, headers: probeHeaders(origin.origin, method), maxRedirects: 0, maxBodyBytes: PROBE_BODY_BYTES, ...session }, origin.origin);
    probes.push({ ...origin, method, exchange });
  };
  // Phase 1: a simple GET from every origin, and preflights from the two origins no allow-list has.
  const origins = probeOrigins(new URL(probeUrl));
  const variant: { value: HttpVariant | null } = { value: null };
  const first: (() => Promise<void>)[] = [
    async () => {
      variant.value = await fetchHttpVariant(ctx, url);
    },
  ];
  for (const origin of origins) first.push(probe(origin, 'GET'));
  for (const origin of origins) if (ALWAYS_PREFLIGHT.includes(origin.kind)) first.push(probe(origin, 'OPTIONS'));
  const legacy: { value: string | null | undefined } = { value: undefined };
  if (response.tls !== undefined && options.legacyTlsProbe !== false) {
    first.push(async () => {
      legacy.value = await (options.probeLegacyTls ?? probeLegacyTls)(probeUrl, {
        allowCidrs: base.allowCidrs ?? [],
        ...(options.lookup === undefined ? {} : { lookup: options.lookup }),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
        timeoutMs: options.connectTimeoutMs ?? 5_000,
      });
    });
  }
  await runLimited(first, limit, options.signal);
  options.signal?.throwIfAborted();
  // Phase 2: a preflight from each further kind of origin the GETs showed trusted, to see what it may send.
  const second = preflightsNeeded(probes)
    .slice(0, Math.max(0, MAX_REQUESTS - ctx.log.length))
    .map((origin) => probe(origin, 'OPTIONS'));
  await runLimited(second, limit, options.signal);
  options.signal?.throwIfAborted();
  const derived = document === undefined ? undefined : derivePaths(document.doc, document.finalUrl, probeUrl);
  const requests = pathRequests(probeUrl, options.paths ?? [], derived?.paths ?? []);
  const pathResponses = await fetchPaths(ctx, requests, session, limit, options.signal);
  const openapi: OpenApiSummary | undefined =
    document === undefined || derived === undefined
      ? undefined
      : {
          url: document.finalUrl,
          version: document.doc.version,
          getOperations: derived.getOperations,
          probed: requests.filter((r) => r.endpoint.source === 'openapi').length,
          skipped: derived.skipped,
        };
  const order = (p: CorsProbe) => origins.findIndex((o) => o.origin === p.origin) * 2 + (p.method === 'GET' ? 0 : 1);
  probes.sort((a, b) => order(a) - order(b));

  return {
    target: url.href,
    retrievedAt,
    tls: response.tls ?? null,
    ...(legacy.value === undefined ? {} : { legacyTls: legacy.value }),
    main,
    httpVariant: variant.value,
    probes,
    ...(pathResponses.length === 0 ? {} : { paths: pathResponses }),
    ...(openapi === undefined ? {} : { openapi }),
    requests: ctx.log,
    requestCount: ctx.log.length,
  };
}
