import { defineCheck, OWASP, type Outcome } from '../check.js';
import { policies, restrictsFraming } from '../csp.js';
import { commaItems, headerLines, isDocument, mainAt } from '../headers.js';
import type { Retrieved } from '../types.js';

type Key = 'missing' | 'missing-api' | 'invalid-x-frame-options';

const VALID = new Set(['deny', 'sameorigin']);

function detect(r: Retrieved): Outcome<Key>[] {
  const h = r.main.headers;
  const at = mainAt(r.main);
  // frame-ancestors takes precedence over X-Frame-Options in every current browser.
  if (policies(h).some(restrictsFraming)) return [];
  const xfo = commaItems(h, 'x-frame-options').map((v) => v.toLowerCase());
  if (xfo.length > 0 && xfo.every((v) => VALID.has(v))) return [];
  const evidence = headerLines(h, 'x-frame-options', 'content-security-policy');
  if (xfo.length > 0) return [{ key: 'invalid-x-frame-options', facts: { value: xfo.join(', ').slice(0, 80) }, evidence, ...at }];
  return [{ key: isDocument(r.main) ? 'missing' : 'missing-api', evidence, ...at }];
}

export const check = defineCheck<Key>({
  id: 'framing-protection',
  title: 'Framing protection (X-Frame-Options / frame-ancestors)',
  category: 'headers',
  cwe: 'CWE-1021',
  owasp: OWASP.misconfiguration,
  remediation: "Send `Content-Security-Policy: frame-ancestors 'none'` (or the origins that may frame the page) and, for old browsers, `X-Frame-Options: DENY`.",
  references: ['https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/X-Frame-Options'],
  outcomes: {
    missing: {
      severity: 'MEDIUM',
      rationale: 'Clickjacking of an HTML page needs only a victim visiting the attacker\'s site while logged in.',
      title: 'Missing clickjacking protection',
      description: 'The HTML response sets neither X-Frame-Options nor CSP frame-ancestors, so any site can frame it.',
    },
    'missing-api': {
      severity: 'LOW',
      rationale: 'A non-HTML response has no buttons to click through a frame; the header is defence in depth.',
      title: 'Missing clickjacking protection',
      description: 'The API response sets neither X-Frame-Options nor CSP frame-ancestors; if it is ever rendered as a document, any site can frame it.',
      confidence: 0.8,
    },
    'invalid-x-frame-options': {
      severity: 'MEDIUM',
      rationale: 'Browsers ignore ALLOW-FROM and unknown values, leaving the page frameable although its operators believe otherwise.',
      title: 'Invalid X-Frame-Options header',
      description: 'X-Frame-Options is "{value}"; current browsers support only DENY and SAMEORIGIN and ignore the rest, and no CSP frame-ancestors applies.',
      remediation: "Use `X-Frame-Options: DENY` or `SAMEORIGIN`; to allow particular sites, use CSP `frame-ancestors https://partner.example` instead of ALLOW-FROM.",
    },
  },
  run: detect,
  docs: {
    summary: "A page that any site may frame can be overlaid with a decoy and clicked through (clickjacking). CSP `frame-ancestors` or `X-Frame-Options: DENY | SAMEORIGIN` tells browsers who may frame it. A `frame-ancestors` of `*` or a bare scheme does not count.",
    bad: [
      { note: 'A page without either header.', expect: ['missing'], headers: { 'content-type': 'text/html' } },
      { note: 'A JSON API without either header.', expect: ['missing-api'], headers: { 'content-type': 'application/json' } },
      { note: 'ALLOW-FROM is obsolete.', expect: ['invalid-x-frame-options'], headers: { 'x-frame-options': 'ALLOW-FROM https://partner.example' } },
      { note: 'frame-ancestors * does not protect.', expect: ['missing'], headers: { 'content-type': 'text/html', 'content-security-policy': 'frame-ancestors *' } },
    ],
    good: [
      { note: 'X-Frame-Options.', headers: { 'content-type': 'text/html', 'x-frame-options': 'SAMEORIGIN' } },
      { note: 'CSP frame-ancestors.', headers: { 'content-type': 'text/html', 'content-security-policy': "frame-ancestors 'none'" } },
    ],
  },
});
