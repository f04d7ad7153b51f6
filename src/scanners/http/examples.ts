/**
 * Turns a check's docs example into a Retrieved, so the examples the docs show
 * are exactly what the tests run. Pure: no network.
 */
import type { CheckExample, ExampleHeaders, ExampleHttpVariant } from './check.js';
import { probeOrigins } from './origins.js';
import type { CertificateInfo, CorsProbe, Endpoint, Exchange, HeaderMap, HttpVariant, ObservedResponse, PathResponse, RequestRecord, Retrieved, TlsInfo } from './types.js';

export const EXAMPLE_TARGET = 'https://api.example.com/';
/** The examples' clock: certificate dates are written relative to it. */
export const EXAMPLE_NOW = '2026-06-01T00:00:00.000Z';

const GOOD_CERTIFICATE: CertificateInfo = Object.freeze({
  subject: 'CN=api.example.com',
  issuer: 'CN=Example CA',
  validFrom: '2026-03-01T00:00:00.000Z',
  validTo: '2026-12-01T00:00:00.000Z',
  selfSigned: false,
  keyType: 'ec',
  keyBits: 256,
  matchesHost: true,
});

function exampleTls(example: CheckExample, finalUrl: string): TlsInfo | null {
  if (!finalUrl.startsWith('https:')) return null;
  const { certificate, ...rest } = example.tls ?? {};
  return { protocol: 'TLSv1.3', authorized: true, ...rest, certificate: { ...GOOD_CERTIFICATE, ...certificate } };
}

export function toHeaderMap(headers: ExampleHeaders = {}, origin?: string): HeaderMap {
  const map: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    const list = typeof value === 'string' ? [value] : [...value];
    map[name.toLowerCase()] = list.map((v) => (origin === undefined ? v : v.replaceAll('{origin}', origin)));
  }
  return map;
}

function response(url: string, method: string, status: number, headers: HeaderMap, finalUrl = url): ObservedResponse {
  return { url, finalUrl, method, status, headers, redirects: [] };
}

function httpVariant(target: URL, spec: ExampleHttpVariant | 'refused' | undefined): HttpVariant | null {
  if (target.protocol !== 'https:') return null;
  const url = new URL(target.href);
  url.protocol = 'http:';
  if (spec === undefined || spec === 'refused') {
    return { first: { ok: false, url: url.href, method: 'GET', error: 'Could not reach target URL: connection refused' } };
  }
  const firstExchange: Exchange = { ok: true, response: response(url.href, 'GET', spec.status ?? 200, toHeaderMap(spec.headers)) };
  if (!spec.followed) return { first: firstExchange };
  const followed = response(url.href, 'GET', spec.followed.status ?? 200, toHeaderMap(spec.followed.headers), spec.followed.finalUrl);
  return { first: firstExchange, followed: { ok: true, response: followed } };
}

const LISTED: Endpoint = Object.freeze({ source: 'paths', security: 'undeclared' });

function withBody<T extends ObservedResponse>(observed: T, body: string | undefined): T {
  return body === undefined ? observed : { ...observed, body: { text: body, truncated: false } };
}

export function exampleToRetrieved(example: CheckExample): Retrieved {
  const target = example.target ?? EXAMPLE_TARGET;
  const finalUrl = example.finalUrl ?? target;
  const main = withBody(response(target, 'GET', example.status ?? 200, toHeaderMap(example.headers), finalUrl), example.body);
  const paths: PathResponse[] = (example.paths ?? []).map((p) => {
    const url = new URL(p.path, finalUrl).href;
    return { ...withBody(response(url, 'GET', p.status ?? 200, toHeaderMap(p.headers)), p.body), endpoint: p.endpoint ?? LISTED };
  });
  const origins = probeOrigins(new URL(finalUrl));
  const probes: CorsProbe[] = [];
  for (const spec of example.probes ?? []) {
    const origin = origins.find((o) => o.kind === spec.kind)?.origin;
    if (origin === undefined) throw new Error(`No ${spec.kind} probe for ${finalUrl}`);
    const exchange: Exchange = {
      ok: true,
      response: response(finalUrl, spec.method, spec.status ?? (spec.method === 'GET' ? 200 : 204), toHeaderMap(spec.headers, origin)),
    };
    probes.push({ kind: spec.kind, origin, method: spec.method, exchange });
  }
  const variant = httpVariant(new URL(target), example.http);
  const requests: RequestRecord[] = [{ method: 'GET', url: target, status: main.status }];
  for (const p of probes) requests.push({ method: p.method, url: finalUrl, origin: p.origin, status: p.exchange.ok ? p.exchange.response.status : null });
  for (const p of paths) requests.push({ method: 'GET', url: p.url, status: p.status });
  const tls = exampleTls(example, finalUrl);
  const legacyTls = tls === null ? undefined : (example.legacyTls ?? null);
  return {
    target,
    retrievedAt: EXAMPLE_NOW,
    tls,
    ...(legacyTls === undefined ? {} : { legacyTls }),
    main,
    httpVariant: variant,
    probes,
    ...(paths.length === 0 ? {} : { paths }),
    requests,
    requestCount: requests.length,
  };
}
