/** Pure helpers the CORS checks share: reading a probe's answer and writing its evidence. */
import type { Outcome } from './check.js';
import { commaItems, first, headerLines } from './headers.js';
import type { CorsProbe, ObservedResponse, ProbeKind, ProbeMethod, Retrieved } from './types.js';

const CORS_HEADERS = [
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'vary',
];

export function responseOf(probe: CorsProbe): ObservedResponse | undefined {
  return probe.exchange.ok ? probe.exchange.response : undefined;
}

export function allowOrigin(response: ObservedResponse): string | undefined {
  return first(response.headers, 'access-control-allow-origin')?.trim();
}

/** Fetch requires the exact value `true`. */
export function allowsCredentials(response: ObservedResponse): boolean {
  return first(response.headers, 'access-control-allow-credentials')?.trim() === 'true';
}

/** The answer names the probe's own Origin (a reflection or an allow-list hit), not `*`. */
export function trusts(probe: CorsProbe): boolean {
  const response = responseOf(probe);
  return response !== undefined && allowOrigin(response) === probe.origin;
}

export function probesOf(r: Retrieved, kind: ProbeKind, method?: ProbeMethod): CorsProbe[] {
  return r.probes.filter((p) => p.kind === kind && (method === undefined || p.method === method));
}

/** The probes of a kind that were trusted, credentialed ones first, GET before OPTIONS. */
export function trustedProbes(r: Retrieved, kind: ProbeKind): CorsProbe[] {
  const trusted = probesOf(r, kind).filter(trusts);
  const rank = (p: CorsProbe) => {
    const response = responseOf(p);
    return (response !== undefined && allowsCredentials(response) ? 0 : 2) + (p.method === 'GET' ? 0 : 1);
  };
  return trusted.sort((a, b) => rank(a) - rank(b));
}

export function anyTrusted(r: Retrieved, kind: ProbeKind): boolean {
  return trustedProbes(r, kind).length > 0;
}

/** Evidence of a probe: the Origin sent, then the CORS headers received. */
export function probeEvidence(probe: CorsProbe): string[] {
  const response = responseOf(probe);
  const lines = [`Origin: ${probe.origin} (sent with ${probe.method})`];
  if (response) lines.push(...headerLines(response.headers, ...CORS_HEADERS));
  return lines;
}

/**
 * What the preflights from origins of the probe's kind were allowed beyond simple requests
 * (write methods, any request header), as one sentence, or ''. It is folded into the
 * finding of the origin's class instead of being a finding of its own.
 */
export function preflightNote(r: Retrieved, probe: CorsProbe): { note: string; evidence: string[] } {
  for (const p of probesOf(r, probe.kind, 'OPTIONS')) {
    const response = responseOf(p);
    if (response === undefined) continue;
    const allowed = allowOrigin(response);
    if (allowed !== '*' && allowed !== p.origin) continue;
    const methods = allowedWriteMethods(response);
    const headers = allowsAnyHeader(response);
    if (methods.length === 0 && headers === undefined) continue;
    const parts = [...(methods.length > 0 ? [`the methods ${methods.join(', ')}`] : []), ...(headers === undefined ? [] : [`the request headers ${headers}`])];
    const note = ` Its preflight (OPTIONS with Origin ${p.origin}) also allows ${parts.join(' and ')}, so such a site can send state-changing requests too.`;
    return { note, evidence: p === probe ? [] : probeEvidence(p) };
  }
  return { note: '', evidence: [] };
}

/** An outcome proved by one probe: location, evidence and the facts every CORS prose uses (`preflight` is appended by scanner.ts). */
export function probeOutcome<K extends string>(
  r: Retrieved,
  key: K,
  probe: CorsProbe,
  extra: { subject?: string; facts?: Record<string, string> } = {},
): Outcome<K> {
  const response = responseOf(probe);
  const preflight = preflightNote(r, probe);
  return {
    key,
    ...(extra.subject === undefined ? {} : { subject: extra.subject }),
    facts: { origin: probe.origin, method: probe.method, preflight: preflight.note, ...extra.facts },
    evidence: [...probeEvidence(probe), ...preflight.evidence],
    url: response?.url ?? (probe.exchange.ok ? probe.exchange.response.url : probe.exchange.url),
    method: probe.method,
  };
}

const WRITE_METHODS = new Set(['PUT', 'DELETE', 'PATCH']);

/**
 * State-changing methods a preflight answer allows. `*` is a wildcard only
 * without credentials (with credentials it names a method called "*").
 */
export function allowedWriteMethods(response: ObservedResponse): string[] {
  const credentials = allowsCredentials(response);
  const methods = commaItems(response.headers, 'access-control-allow-methods').map((m) => m.toUpperCase());
  if (!credentials && methods.includes('*')) return ['*'];
  return methods.filter((m) => WRITE_METHODS.has(m));
}

/** Request headers a preflight answer allows beyond the safelisted ones: `*`, or an echo of our made-up header. */
export function allowsAnyHeader(response: ObservedResponse): string | undefined {
  const credentials = allowsCredentials(response);
  const headers = commaItems(response.headers, 'access-control-allow-headers').map((h) => h.toLowerCase());
  if (!credentials && headers.includes('*')) return '*';
  return headers.includes('x-vigil-probe') ? 'x-vigil-probe (any requested header is echoed)' : undefined;
}
