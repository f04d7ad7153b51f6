import type { LookupFunction } from 'node:net';
import { AppError } from '../../core/errors.js';
import { VERSION } from '../../core/version.js';
import { exchange, type HopResult } from './exchange.js';
import { NetTimeoutError, toAppError, unreachable } from './failures.js';
import { guardLookup } from './lookup.js';
import { createAddressPolicy, type AddressPolicy } from './policy.js';
import type { TlsInfo } from './tls.js';
import { parseTargetUrl } from './url.js';

export interface SafeFetchOptions {
  /** Default GET. */
  method?: string;
  /** Request headers (Origin, Access-Control-Request-Method …). Hop-by-hop and cookie headers are dropped. */
  headers?: Record<string, string>;
  /** Default 5; 0 returns the 3xx itself. */
  maxRedirects?: number;
  /** Per connection (TCP, and TLS for https), default 5000. */
  connectTimeoutMs?: number;
  /** The whole exchange including redirects, default 15000. */
  totalTimeoutMs?: number;
  /** Default 1 MiB; a longer body is truncated, not an error. */
  maxBodyBytes?: number;
  /** Operator allow-list (SCAN_API_ALLOW_CIDRS), default []. */
  allowCidrs?: readonly string[];
  /** Injectable resolver with the node:dns lookup signature (tests). */
  lookup?: LookupFunction;
  signal?: AbortSignal;
  /**
   * 'verify' (default): a certificate the system store plus NODE_EXTRA_CA_CERTS does not
   * trust fails the request. 'inspect': the handshake completes anyway and the response
   * carries what it showed (`tls`), for scanners that report certificate problems.
   */
  tls?: 'verify' | 'inspect';
  /** A session from an earlier response of the same https origin (`tlsSession`), resumed on the first hop only. */
  tlsSession?: Buffer;
  /** A request body (webhook deliveries), sent on the first hop only: use it with maxRedirects 0. */
  body?: Buffer;
}

export interface SafeRedirect {
  url: string;
  status: number;
  location: string;
}

export interface SafeResponse {
  /** Final URL after redirects. */
  url: string;
  status: number;
  /** Lower-cased names, every value in order (duplicates kept). */
  headers: Record<string, string[]>;
  body: Buffer;
  truncated: boolean;
  /** Each redirect followed, in order. */
  redirects: SafeRedirect[];
  /** The IP address actually connected to for the final response. */
  address: string;
  /** The final response's TLS handshake, for https. */
  tls?: TlsInfo;
  /** The final connection's TLS session, to resume later connections to the same origin. */
  tlsSession?: Buffer;
}

export const DEFAULTS = Object.freeze({
  maxRedirects: 5,
  connectTimeoutMs: 5_000,
  totalTimeoutMs: 15_000,
  maxBodyBytes: 1024 * 1024,
});

export const USER_AGENT = `Vigil/${VERSION} (+security scanner)`;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers the client owns (framing, connection, encoding) or never sends (cookies). */
const DROPPED_HEADERS = new Set([
  'host', 'connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'content-length', 'te',
  'trailer', 'upgrade', 'expect', 'accept-encoding', 'cookie',
]);
/** Credentials that must not follow a redirect to another origin. */
const ORIGIN_BOUND_HEADERS = ['authorization', 'proxy-authorization'];

function option(name: string, value: number | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < min) throw new AppError('internal', `Scan failed: invalid ${name} option (${value})`);
  return value;
}

function requestHeaders(custom: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const headers: Record<string, string> = { 'user-agent': USER_AGENT, accept: '*/*' };
  for (const [name, value] of Object.entries(custom ?? {})) {
    const key = name.toLowerCase();
    if (!DROPPED_HEADERS.has(key)) headers[key] = value;
  }
  return { ...headers, 'accept-encoding': 'identity', connection: 'close' };
}

function locationOf(status: number, headers: Readonly<Record<string, string[]>>): string | undefined {
  return REDIRECT_STATUSES.has(status) ? headers.location?.[0] : undefined;
}

/** The next hop's URL: resolved against the current one, then validated like user input. */
function nextUrl(location: string, current: URL): URL {
  try {
    return parseTargetUrl(location, current);
  } catch (error) {
    const detail = error instanceof AppError ? error.detail.replace(/^Invalid URL: /, '') : 'could not parse it';
    throw unreachable(`redirected to an unusable URL (${detail})`);
  }
}

/** 301/302/303 continue as GET (HEAD stays HEAD) without body headers; 307/308 keep the method. */
function nextMethod(status: number, method: string): string {
  if (status === 307 || status === 308 || method === 'HEAD') return method;
  return 'GET';
}

interface Settings {
  readonly maxRedirects: number;
  readonly connectTimeoutMs: number;
  readonly maxBodyBytes: number;
  readonly policy: AddressPolicy;
  readonly lookup: LookupFunction;
  readonly signal: AbortSignal;
  readonly inspectTls: boolean;
  readonly tlsSession?: Buffer;
  readonly body?: Buffer;
}

async function follow(start: URL, method0: string, headers0: Record<string, string>, s: Settings): Promise<SafeResponse> {
  let current = start;
  let method = method0;
  let headers = headers0;
  const redirects: SafeRedirect[] = [];
  for (;;) {
    let hop: HopResult;
    try {
      hop = await exchange({
        url: current, method, headers, lookup: s.lookup, policy: s.policy,
        connectTimeoutMs: s.connectTimeoutMs, maxBodyBytes: s.maxBodyBytes, signal: s.signal, inspectTls: s.inspectTls,
        // A session belongs to the origin it came from: only the first hop may resume it.
        ...(redirects.length === 0 && s.tlsSession !== undefined ? { tlsSession: s.tlsSession } : {}),
        ...(redirects.length === 0 && s.body !== undefined ? { body: s.body } : {}),
        skipBody: (status, h) => s.maxRedirects > 0 && locationOf(status, h) !== undefined,
      });
    } catch (error) {
      throw toAppError(error, current.hostname);
    }
    const location = s.maxRedirects > 0 ? locationOf(hop.status, hop.headers) : undefined;
    if (location === undefined) {
      const { status, headers: h, body, truncated, address, tls, tlsSession } = hop;
      return { url: current.href, status, headers: h, body, truncated, redirects, address, ...(tls === undefined ? {} : { tls }), ...(tlsSession === undefined ? {} : { tlsSession }) };
    }
    if (redirects.length >= s.maxRedirects) throw unreachable(`more than ${s.maxRedirects} redirects`);
    const next = nextUrl(location, current);
    redirects.push({ url: current.href, status: hop.status, location });
    const nextM = nextMethod(hop.status, method);
    headers = { ...headers };
    if (next.origin !== current.origin) for (const name of ORIGIN_BOUND_HEADERS) delete headers[name];
    if (nextM !== method) delete headers['content-type'];
    method = nextM;
    current = next;
  }
}

/**
 * Fetches a user-supplied URL without letting it reach internal addresses: every hop is
 * parsed, every resolved address is checked inside the connection's own lookup, literals
 * are checked before connecting, and time, redirects and body size are bounded.
 * Throws AppError: 400 for bad, blocked or unreachable targets, 500 for our own failures.
 */
export async function safeFetch(url: string, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const start = parseTargetUrl(url);
  const totalTimeoutMs = option('totalTimeoutMs', options.totalTimeoutMs, DEFAULTS.totalTimeoutMs, 1);
  const maxRedirects = Math.floor(option('maxRedirects', options.maxRedirects, DEFAULTS.maxRedirects, 0));
  const policy = createAddressPolicy(options.allowCidrs ?? []);
  const deadline = new AbortController();
  const signal = options.signal === undefined ? deadline.signal : AbortSignal.any([deadline.signal, options.signal]);
  const timer = setTimeout(() => deadline.abort(new NetTimeoutError('total', totalTimeoutMs)), totalTimeoutMs);
  try {
    return await follow(start, (options.method ?? 'GET').toUpperCase(), requestHeaders(options.headers), {
      maxRedirects,
      connectTimeoutMs: option('connectTimeoutMs', options.connectTimeoutMs, DEFAULTS.connectTimeoutMs, 1),
      maxBodyBytes: Math.floor(option('maxBodyBytes', options.maxBodyBytes, DEFAULTS.maxBodyBytes, 0)),
      policy,
      lookup: guardLookup(policy, options.lookup),
      signal,
      inspectTls: options.tls === 'inspect',
      ...(options.tlsSession === undefined ? {} : { tlsSession: options.tlsSession }),
      ...(options.body === undefined ? {} : { body: options.body }),
    });
  } finally {
    clearTimeout(timer);
  }
}
