/**
 * What the API-headers scanner retrieved from a target: every HTTP exchange it
 * made, as plain data. The adapter `src/adapters/http-target/retrieve.ts`
 * builds it (all the network I/O); the checks in `checks/` read it and nothing
 * else, so they are pure and testable from fixtures.
 */
import type { TlsInfo } from '../../core/tls.js';

/** What the https handshake of the main GET showed (adapters/net/tls.ts), as plain data. */
export type { CertificateInfo, TlsInfo } from '../../core/tls.js';

/** Response headers: lower-case names, every value received in order. */
export type HeaderMap = Readonly<Record<string, readonly string[]>>;

export interface Redirect {
  readonly url: string;
  readonly status: number;
  readonly location: string;
}

/** One response as received. */
export interface ObservedResponse {
  /** The URL requested. */
  readonly url: string;
  /** The URL that answered, after redirects. */
  readonly finalUrl: string;
  readonly method: string;
  readonly status: number;
  readonly headers: HeaderMap;
  readonly redirects: readonly Redirect[];
  /** The start of the body as text (main GET and opt-in paths only; probes keep none). */
  readonly body?: BodySample;
}

export interface BodySample {
  /** At most the retriever's cap, decoded as UTF-8. */
  readonly text: string;
  /** True when the body was longer than the cap. */
  readonly truncated: boolean;
}

/**
 * What an OpenAPI document declares about an operation's security: `required` (a non-empty
 * requirement), `optional` (the requirements include `{}`: anonymous allowed), `public`
 * (`security: []`), or `undeclared` (no document, or no `security` anywhere).
 */
export type DeclaredSecurity = 'required' | 'optional' | 'public' | 'undeclared';

/** What the scan knows about an opt-in path beyond its URL. */
export interface Endpoint {
  /** `paths` from the request, or a GET operation of the `openapi_url` document. */
  readonly source: 'paths' | 'openapi';
  readonly security: DeclaredSecurity;
  /** openapi: the documented path template, e.g. /users/{id} (server base path included). */
  readonly template?: string;
  readonly operationId?: string;
  /** openapi, security required: the scheme names of its requirements (bearerAuth …). */
  readonly schemes?: readonly string[];
  /** openapi: path parameters were filled with example values (an object-level endpoint such as /users/{id}). */
  readonly objectLevel?: boolean;
}

/** An opt-in path's GET, with what the scan knows about the endpoint. */
export interface PathResponse extends ObservedResponse {
  readonly endpoint: Endpoint;
}

/** What was read from the `openapi_url` document. */
export interface OpenApiSummary {
  readonly url: string;
  /** `3.1.0`, `2.0` … as written in the document. */
  readonly version: string;
  /** GET operations documented. */
  readonly getOperations: number;
  /** Of those, how many were probed (the rest exceeded the path limit or were skipped). */
  readonly probed: number;
  /** GET operations not probed because their path reads like a state change (/logout, /delete …). */
  readonly skipped: readonly string[];
}

/** An exchange that either produced a response or failed (the error message, never thrown). */
export type Exchange =
  | { readonly ok: true; readonly response: ObservedResponse }
  | { readonly ok: false; readonly url: string; readonly method: string; readonly error: string };

/**
 * The Origin values a CORS probe sends. Each names the server-side mistake it
 * would reveal when trusted (see origins.ts for how each is derived).
 */
export const PROBE_KINDS = [
  'control',
  'arbitrary',
  'null',
  'prefix',
  'suffix',
  'sibling',
  'unescaped-dot',
  'http-scheme',
  'special-char',
  'third-party',
] as const;
export type ProbeKind = (typeof PROBE_KINDS)[number];

export type ProbeMethod = 'GET' | 'OPTIONS';

/** Request headers a probe sends (no secrets: only these are ever sent). */
export const PREFLIGHT_REQUEST_METHOD = 'PUT';
export const PREFLIGHT_REQUEST_HEADERS = 'authorization, x-vigil-probe';

export interface ProbeOrigin {
  readonly kind: ProbeKind;
  readonly origin: string;
}

export interface CorsProbe extends ProbeOrigin {
  readonly method: ProbeMethod;
  readonly exchange: Exchange;
}

/** The plain-HTTP variant of an https target, fetched without following redirects. */
export interface HttpVariant {
  readonly first: Exchange;
  /** Only when `first` redirected to another http:// URL: the same request with redirects followed. */
  readonly followed?: Exchange;
}

/** One HTTP request sent, for the request log and count. */
export interface RequestRecord {
  readonly method: string;
  readonly url: string;
  readonly origin?: string;
  /** Response status, or null when the request failed. */
  readonly status: number | null;
}

export interface Retrieved {
  /** The target URL as given (normalised). */
  readonly target: string;
  /** When the retrieval ran (ISO 8601): certificate dates are judged against it. */
  readonly retrievedAt: string;
  /** The main GET's final handshake; null when it ended on plain http. */
  readonly tls: TlsInfo | null;
  /** The protocol a TLS 1.0/1.1-only handshake agreed to; null when refused; undefined when not tried. */
  readonly legacyTls?: string | null;
  /** GET of the target, redirects followed. */
  readonly main: ObservedResponse;
  /** Null when the target is plain http, or https on a non-default port. */
  readonly httpVariant: HttpVariant | null;
  /** CORS probes sent to the main response's final URL. */
  readonly probes: readonly CorsProbe[];
  /** Opt-in: GETs of the requested and documented paths on the same origin (header checks, and data served without credentials). */
  readonly paths?: readonly PathResponse[];
  /** Opt-in: the OpenAPI document the documented paths came from. */
  readonly openapi?: OpenApiSummary;
  /** Every request made, redirect hops included, in completion order. */
  readonly requests: readonly RequestRecord[];
  /** requests.length: what the benchmark prints. */
  readonly requestCount: number;
}
