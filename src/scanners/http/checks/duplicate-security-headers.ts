import { defineCheck, OWASP, type Outcome } from '../check.js';
import { commaItems, displayName, headerLines, mainAt, values } from '../headers.js';
import type { Retrieved } from '../types.js';

type Key = 'conflicting-csp' | 'duplicate-hsts' | 'conflicting-x-frame-options' | 'conflicting-header';

/** Single-valued security headers where two different values are a contradiction. */
const SINGLE_VALUED = [
  'x-content-type-options',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'cross-origin-embedder-policy',
  'access-control-allow-origin',
  'access-control-allow-credentials',
];

const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').replace(/;\s*$/, '').toLowerCase();

function distinct(items: readonly string[]): string[] {
  return [...new Set(items.map(normalise).filter(Boolean))];
}

function detect(r: Retrieved): Outcome<Key>[] {
  const h = r.main.headers;
  const at = mainAt(r.main);
  const outcomes: Outcome<Key>[] = [];
  // Several CSP headers, or one with comma-separated policies, are all enforced at once.
  const csp = distinct(values(h, 'content-security-policy').flatMap((v) => v.split(',')));
  if (csp.length > 1) outcomes.push({ key: 'conflicting-csp', facts: { count: String(csp.length) }, evidence: headerLines(h, 'content-security-policy'), ...at });
  const hsts = commaItems(h, 'strict-transport-security');
  if (hsts.length > 1) outcomes.push({ key: 'duplicate-hsts', facts: { count: String(hsts.length) }, evidence: headerLines(h, 'strict-transport-security'), ...at });
  const xfo = distinct(commaItems(h, 'x-frame-options'));
  if (xfo.length > 1) outcomes.push({ key: 'conflicting-x-frame-options', facts: { value: xfo.join(', ') }, evidence: headerLines(h, 'x-frame-options'), ...at });
  for (const name of SINGLE_VALUED) {
    const found = distinct(commaItems(h, name));
    if (found.length < 2) continue;
    outcomes.push({ key: 'conflicting-header', subject: name, facts: { header: displayName(name), value: found.join(', ').slice(0, 120) }, evidence: headerLines(h, name), ...at });
  }
  return outcomes;
}

export const check = defineCheck<Key>({
  id: 'duplicate-security-headers',
  title: 'Duplicated or contradictory security headers',
  category: 'headers',
  cwe: 'CWE-693',
  owasp: OWASP.misconfiguration,
  remediation: 'Set each security header in exactly one layer (the application or the proxy, not both) and send it once.',
  outcomes: {
    'conflicting-csp': {
      severity: 'LOW',
      rationale: 'Several enforced policies only add restrictions, so security does not drop, but the effective policy is not the one anyone wrote and may break the site or hide a weak policy later.',
      title: 'Multiple Content-Security-Policy headers',
      description: 'The response carries {count} different Content-Security-Policy policies; browsers enforce all of them at once.',
      confidence: 0.8,
    },
    'duplicate-hsts': {
      severity: 'LOW',
      rationale: 'Browsers honour only the first header, which may be the weaker one; a value joined by a comma is invalid altogether.',
      title: 'Multiple Strict-Transport-Security headers',
      description: 'Strict-Transport-Security is sent {count} times; browsers process only the first one.',
    },
    'conflicting-x-frame-options': {
      severity: 'LOW',
      rationale: 'Current browsers then block all framing, but older ones ignore the header, leaving the page frameable.',
      title: 'Contradictory X-Frame-Options headers',
      description: 'X-Frame-Options carries several values ({value}); current browsers block framing entirely, older ones ignore the header.',
    },
    'conflicting-header': {
      severity: 'INFO',
      rationale: 'A contradiction browsers resolve by ignoring the header or failing the request; the effect is usually lost protection or broken CORS, not an exposure.',
      title: 'Contradictory {header} headers',
      description: '{header} carries several different values ({value}); browsers treat it as invalid.',
      confidence: 0.8,
    },
  },
  run: detect,
  docs: {
    summary: 'The same security header sent twice with different values usually means two layers (application, proxy, CDN) each add their own. Browsers then enforce every CSP at once, honour only the first HSTS, treat conflicting X-Frame-Options as invalid in older versions, and reject a CORS response with two Access-Control-Allow-Origin values. Which value wins becomes an accident of deployment.',
    bad: [
      {
        note: 'The application and the proxy both set a CSP.',
        expect: ['conflicting-csp'],
        headers: { 'content-security-policy': ["default-src 'none'", "default-src 'self'; img-src *"] },
      },
      { note: 'Two HSTS headers.', expect: ['duplicate-hsts'], headers: { 'strict-transport-security': ['max-age=63072000', 'max-age=0'] } },
      { note: 'DENY and SAMEORIGIN.', expect: ['conflicting-x-frame-options'], headers: { 'x-frame-options': ['DENY', 'SAMEORIGIN'] } },
      { note: 'Two CORP values.', expect: ['conflicting-header'], headers: { 'cross-origin-resource-policy': ['same-origin', 'cross-origin'] } },
    ],
    good: [
      {
        note: 'Each header once; the same value twice is harmless.',
        headers: { 'content-security-policy': "default-src 'none'", 'x-frame-options': ['DENY', 'DENY'], 'strict-transport-security': 'max-age=63072000' },
      },
    ],
  },
});
