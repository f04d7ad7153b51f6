import { defineCheck, OWASP, type Outcome } from '../check.js';
import { commaItems, headerLines, isHttpsUrl, mainAt, parseParams } from '../headers.js';
import type { ObservedResponse, Retrieved } from '../types.js';

type Key = 'missing' | 'malformed' | 'short-max-age' | 'http-only' | 'missing-include-subdomains' | 'preload-ineligible';

/** The preload list's submission rules (hstspreload.org): one year and includeSubDomains with the preload token. */
export const PRELOAD_MIN_MAX_AGE = 31_536_000;

/** 180 days: the minimum Mozilla and the HSTS preload list consider meaningful. */
export const MIN_MAX_AGE = 15_552_000;

interface Parsed {
  readonly maxAge?: number;
  readonly includeSubDomains: boolean;
  readonly preload?: boolean;
  readonly problem?: string;
}

/** RFC 6797 §6.1: directives once each, max-age required and a non-negative integer. */
export function parseHsts(value: string): Parsed {
  const { params, repeated } = parseParams(value);
  const includeSubDomains = params.has('includesubdomains');
  if (repeated.length > 0) return { includeSubDomains, problem: `directive ${repeated[0] ?? ''} repeated` };
  const raw = params.get('max-age');
  if (raw === undefined) return { includeSubDomains, problem: 'no max-age directive' };
  if (!/^\d{1,12}$/.test(raw)) return { includeSubDomains, problem: `max-age "${raw.slice(0, 40)}" is not a number of seconds` };
  return { maxAge: Number(raw), includeSubDomains, preload: params.has('preload') };
}

/** HSTS on plain-http responses the scan saw (ignored by browsers there). */
function plainHttpHsts(r: Retrieved): ObservedResponse | undefined {
  const candidates: ObservedResponse[] = [];
  if (!isHttpsUrl(r.main.finalUrl)) candidates.push(r.main);
  if (r.httpVariant?.first.ok) candidates.push(r.httpVariant.first.response);
  return candidates.find((c) => commaItems(c.headers, 'strict-transport-security').length > 0);
}

function detect(r: Retrieved): Outcome<Key>[] {
  const at = mainAt(r.main);
  const onHttp = plainHttpHsts(r);
  if (!isHttpsUrl(r.main.finalUrl)) {
    // A plain-http API cannot use HSTS; https-enforcement reports the transport itself.
    if (!onHttp) return [];
    return [{ key: 'http-only', evidence: headerLines(onHttp.headers, 'strict-transport-security'), url: onHttp.finalUrl, method: 'GET' }];
  }
  // Browsers honour the first header only; a comma means a second one was folded in.
  const value = commaItems(r.main.headers, 'strict-transport-security')[0];
  if (value === undefined) {
    if (onHttp) return [{ key: 'http-only', evidence: headerLines(onHttp.headers, 'strict-transport-security'), url: onHttp.finalUrl, method: 'GET' }];
    return [{ key: 'missing', evidence: [], ...at }];
  }
  const evidence = headerLines(r.main.headers, 'strict-transport-security');
  const parsed = parseHsts(value);
  if (parsed.problem !== undefined || parsed.maxAge === undefined) {
    return [{ key: 'malformed', facts: { problem: parsed.problem ?? 'unreadable' }, evidence, ...at }];
  }
  const outcomes: Outcome<Key>[] = [];
  if (parsed.maxAge < MIN_MAX_AGE) outcomes.push({ key: 'short-max-age', facts: { maxAge: String(parsed.maxAge) }, evidence, ...at });
  if (!parsed.includeSubDomains && parsed.maxAge > 0) outcomes.push({ key: 'missing-include-subdomains', evidence, ...at });
  if (parsed.preload === true) {
    const unmet: string[] = [];
    if (parsed.maxAge < PRELOAD_MIN_MAX_AGE) unmet.push(`max-age of at least ${PRELOAD_MIN_MAX_AGE}`);
    if (!parsed.includeSubDomains) unmet.push('includeSubDomains');
    if (unmet.length > 0) outcomes.push({ key: 'preload-ineligible', facts: { unmet: unmet.join(' and ') }, evidence, ...at });
  }
  return outcomes;
}

const REMEDIATION =
  'Send `Strict-Transport-Security: max-age=63072000; includeSubDomains` on every https response (two years; add `preload` once every subdomain serves https). Set it where TLS terminates (load balancer, CDN or reverse proxy) so no route forgets it.';

export const check = defineCheck<Key>({
  id: 'strict-transport-security',
  title: 'Strict-Transport-Security (HSTS)',
  category: 'headers',
  cwe: 'CWE-319',
  owasp: [...OWASP.cryptography, ...OWASP.misconfiguration],
  remediation: REMEDIATION,
  references: ['https://www.rfc-editor.org/rfc/rfc6797', 'https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Strict-Transport-Security'],
  outcomes: {
    missing: {
      severity: 'MEDIUM',
      rationale: 'Exploiting it needs an attacker on the network path and a client that first tries http; API clients that hard-code https are unaffected.',
      title: 'Missing Strict-Transport-Security header',
      description: 'The https response has no Strict-Transport-Security header, so browsers may still be downgraded to plain http on a later visit.',
    },
    malformed: {
      severity: 'MEDIUM',
      rationale: 'Browsers discard an invalid header, so the protection is as absent as when it is missing.',
      title: 'Malformed Strict-Transport-Security header',
      description: 'The Strict-Transport-Security header is invalid ({problem}); browsers ignore it.',
    },
    'short-max-age': {
      severity: 'LOW',
      rationale: 'The protection works, but lapses between visits that are further apart than max-age.',
      title: 'Strict-Transport-Security max-age under 180 days',
      description: 'HSTS max-age is {maxAge} seconds, under the 15552000 (180 days) needed for lasting protection; max-age=0 switches HSTS off.',
    },
    'http-only': {
      severity: 'MEDIUM',
      rationale: 'Browsers ignore HSTS on plain http, so the site has no effective HSTS although its operators believe it does.',
      title: 'Strict-Transport-Security sent only over plain HTTP',
      description: 'Strict-Transport-Security is sent on a plain-http response but not on https, where browsers would honour it.',
      remediation: `Send the header on https responses, and redirect http to https. ${REMEDIATION}`,
    },
    'missing-include-subdomains': {
      severity: 'INFO',
      rationale: 'A hardening step: subdomains without HSTS allow cookie injection for the parent domain, but need a separate weakness.',
      title: 'Strict-Transport-Security without includeSubDomains',
      description: 'HSTS does not cover subdomains; a plain-http subdomain can be used to set cookies for this host.',
      confidence: 0.8,
    },
    'preload-ineligible': {
      severity: 'INFO',
      rationale: 'The preload token asks browsers to hard-code HTTPS for the domain; without the required directives the submission is refused, so first visits stay unprotected.',
      title: 'Strict-Transport-Security preload without the required directives',
      description: 'The header carries preload but lacks {unmet}, which the HSTS preload list requires; the domain cannot be preloaded as sent.',
      remediation: 'For preloading send `max-age=63072000; includeSubDomains; preload` (at least one year, every subdomain on https), then submit the domain at hstspreload.org. Otherwise drop the preload token.',
      confidence: 0.8,
    },
  },
  run: detect,
  docs: {
    summary: 'HSTS tells browsers to use https for the host, and its subdomains with includeSubDomains, for max-age seconds, so a network attacker cannot downgrade later visits to plain http (SSL stripping). Browsers ignore it over plain http and honour only the first header.',
    bad: [
      { note: 'No HSTS header on an https API.', expect: ['missing'], headers: { 'content-type': 'application/json' } },
      { note: 'One hour is too short.', expect: ['short-max-age'], headers: { 'strict-transport-security': 'max-age=3600; includeSubDomains' } },
      { note: 'max-age is not a number.', expect: ['malformed'], headers: { 'strict-transport-security': 'max-age=one-year' } },
      {
        note: 'HSTS on the http redirect only.',
        expect: ['http-only'],
        http: { status: 301, headers: { location: 'https://api.example.com/', 'strict-transport-security': 'max-age=31536000' } },
      },
      { note: 'No includeSubDomains.', expect: ['missing-include-subdomains'], headers: { 'strict-transport-security': 'max-age=31536000' } },
      { note: 'Preload asked for with a half-year max-age.', expect: ['preload-ineligible'], headers: { 'strict-transport-security': 'max-age=15768000; includeSubDomains; preload' } },
      { note: 'A missing semicolon.', expect: ['malformed'], headers: { 'strict-transport-security': 'max-age=31536000 includeSubDomains' } },
    ],
    good: [{ note: 'Two years, subdomains included.', headers: { 'strict-transport-security': 'max-age=63072000; includeSubDomains; preload' } }],
  },
});
