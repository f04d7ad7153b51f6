import { defineCheck, OWASP, type Outcome } from '../check.js';
import { setCookies } from '../cookies.js';
import { isPlainHttpSource, policies } from '../csp.js';
import { first, headerLines, isHttpsUrl } from '../headers.js';
import type { ObservedResponse, Retrieved } from '../types.js';

type Key = 'plain-http' | 'http-serves-content' | 'indirect-redirect';

const isRedirect = (status: number) => status >= 300 && status < 400;

function location(response: ObservedResponse): string | undefined {
  const value = first(response.headers, 'location');
  if (value === undefined) return undefined;
  try {
    return new URL(value, response.url).href;
  } catch {
    return undefined;
  }
}

function servesContent(response: ObservedResponse): Outcome<Key> {
  return {
    key: 'http-serves-content',
    facts: { url: response.finalUrl, status: String(response.status) },
    evidence: [`HTTP ${response.status} from ${response.finalUrl}`, ...headerLines(response.headers, 'content-type', 'location')],
    url: response.url,
    method: response.method,
  };
}

function detectVariant(r: Retrieved): Outcome<Key>[] {
  const initial = r.httpVariant?.first;
  // Nothing answering on port 80 is fine: there is no plain-http endpoint to misuse.
  if (!initial?.ok) return [];
  const response = initial.response;
  if (!isRedirect(response.status)) return response.status < 400 ? [servesContent(response)] : [];
  const target = location(response);
  if (target === undefined || isHttpsUrl(target)) return [];
  // The first hop stays on http: where does the chain end?
  const followed = r.httpVariant?.followed;
  if (!followed?.ok) return [];
  const end = followed.response;
  if (!isHttpsUrl(end.finalUrl)) return end.status < 400 ? [servesContent(end)] : [];
  return [{ key: 'indirect-redirect', facts: { location: target }, evidence: headerLines(response.headers, 'location'), url: response.url, method: response.method }];
}

/** What the same answer would still need once served over https (judged as the https checks would). */
export function httpsNeeds(response: ObservedResponse): string {
  const needs = ['a certificate from a public CA for the host', 'Strict-Transport-Security: max-age=63072000; includeSubDomains'];
  const insecure = setCookies(response.headers).filter((c) => !c.deletion && !c.secure).map((c) => c.name);
  if (insecure.length > 0) needs.push(`Secure on the cookie(s) ${insecure.slice(0, 5).join(', ')}`);
  const plainSources = policies(response.headers).flatMap((p) => [...p.values()].flat()).filter(isPlainHttpSource);
  if (plainSources.length > 0) needs.push(`https instead of ${[...new Set(plainSources)].slice(0, 3).join(', ')} in Content-Security-Policy`);
  return needs.join('; ');
}

function detect(r: Retrieved): Outcome<Key>[] {
  if (!isHttpsUrl(r.main.finalUrl)) {
    return [{ key: 'plain-http', facts: { url: r.main.finalUrl, needs: httpsNeeds(r.main) }, evidence: [`HTTP ${r.main.status} from ${r.main.finalUrl}`], url: r.main.finalUrl, method: r.main.method }];
  }
  return detectVariant(r);
}

export const check = defineCheck<Key>({
  id: 'https-enforcement',
  title: 'HTTPS enforcement',
  category: 'headers',
  cwe: 'CWE-319',
  owasp: [...OWASP.cryptography, ...OWASP.misconfiguration],
  remediation:
    'Serve the API over https only. On port 80, answer every request with `301`/`308` to the same path on `https://` (or close port 80 for APIs), and add Strict-Transport-Security on https.',
  references: ['https://developer.mozilla.org/en-US/docs/Web/Security/Practical_implementation_guides/TLS#http_redirections'],
  outcomes: {
    'plain-http': {
      severity: 'HIGH',
      rationale: 'Every request, credentials included, crosses the network in clear text; any on-path attacker reads and changes it.',
      title: 'API served over plain HTTP',
      description: 'The target answers over plain http ({url}) without redirecting to https: credentials and data travel unencrypted. Served over https, this answer would also need: {needs}.',
    },
    'http-serves-content': {
      severity: 'MEDIUM',
      rationale: 'Clients that use the http URL (typos, old links, misconfigured SDKs) send credentials in clear text; https clients are unaffected.',
      title: 'HTTPS not enforced',
      description: 'The http:// variant of the target answers {status} with content ({url}) instead of redirecting to https.',
    },
    'indirect-redirect': {
      severity: 'INFO',
      rationale: 'Ends on https, but the first hop stays on http, where it can be intercepted; HSTS preload requires a direct redirect.',
      title: 'HTTP redirects to HTTPS only after another http hop',
      description: 'The http:// variant redirects first to {location}, another plain-http URL, before reaching https.',
      remediation: 'Redirect http:// straight to the https:// URL of the same host, then to any other host.',
      confidence: 0.8,
    },
  },
  run: detect,
  docs: {
    summary: 'An API must be reached over https only. The scan checks that the target ends on https, and for an https target requests the same URL over plain http (port 80, without following redirects): it must redirect straight to https or not answer at all. Serving content over http exposes API keys, tokens and data to anyone on the network path.',
    bad: [
      { note: 'An http-only API.', expect: ['plain-http'], target: 'http://api.example.com/', headers: { 'content-type': 'application/json' } },
      { note: 'Port 80 serves the API too.', expect: ['http-serves-content'], http: { status: 200, headers: { 'content-type': 'application/json' } } },
      {
        note: 'http → http://www → https.',
        expect: ['indirect-redirect'],
        http: { status: 301, headers: { location: 'http://www.example.com/' }, followed: { finalUrl: 'https://www.example.com/' } },
      },
    ],
    good: [
      { note: 'Port 80 redirects to https.', http: { status: 301, headers: { location: 'https://api.example.com/' } } },
      { note: 'Nothing listens on port 80.', http: 'refused' },
      { note: 'An http URL that redirects to https.', target: 'http://api.example.com/', finalUrl: 'https://api.example.com/' },
    ],
  },
});
