import { defineCheck, OWASP, type Outcome } from '../check.js';
import { commaItems, headerLines, mainAt } from '../headers.js';
import type { Retrieved } from '../types.js';

type Key = 'missing' | 'invalid' | 'unsafe-url' | 'no-referrer-when-downgrade';

const TOKENS = new Set([
  'no-referrer',
  'no-referrer-when-downgrade',
  'same-origin',
  'origin',
  'strict-origin',
  'origin-when-cross-origin',
  'strict-origin-when-cross-origin',
  'unsafe-url',
]);

/** Referrer Policy §8.1: the last token the browser knows wins; unknown ones are fallbacks for older browsers. */
export function effectivePolicy(items: readonly string[]): string | undefined {
  let policy: string | undefined;
  for (const item of items) {
    const token = item.toLowerCase();
    if (TOKENS.has(token)) policy = token;
  }
  return policy;
}

function detect(r: Retrieved): Outcome<Key>[] {
  const at = mainAt(r.main);
  const items = commaItems(r.main.headers, 'referrer-policy');
  if (items.length === 0) return [{ key: 'missing', evidence: [], ...at }];
  const evidence = headerLines(r.main.headers, 'referrer-policy');
  const policy = effectivePolicy(items);
  if (policy === undefined) return [{ key: 'invalid', facts: { value: items.join(', ').slice(0, 80) }, evidence, ...at }];
  if (policy === 'unsafe-url' || policy === 'no-referrer-when-downgrade') return [{ key: policy, evidence, ...at }];
  return [];
}

export const check = defineCheck<Key>({
  id: 'referrer-policy',
  title: 'Referrer-Policy',
  category: 'headers',
  cwe: 'CWE-200',
  owasp: OWASP.misconfiguration,
  remediation: 'Send `Referrer-Policy: no-referrer` for APIs, or `strict-origin-when-cross-origin` for pages that need referrers for analytics.',
  references: ['https://www.w3.org/TR/referrer-policy/'],
  outcomes: {
    missing: {
      severity: 'LOW',
      rationale: 'Current browsers default to strict-origin-when-cross-origin; older ones and some webviews send full URLs.',
      title: 'Missing Referrer-Policy header',
      description: 'No Referrer-Policy is sent: the browser default applies, which in older browsers and webviews leaks full URLs to other sites.',
      confidence: 0.8,
    },
    invalid: {
      severity: 'LOW',
      rationale: 'An unknown value is ignored: the same exposure as a missing header.',
      title: 'Invalid Referrer-Policy header',
      description: 'Referrer-Policy "{value}" names no policy browsers know, so they ignore it.',
    },
    'unsafe-url': {
      severity: 'MEDIUM',
      rationale: 'Sends path and query (which may hold tokens or personal data) to every origin, even over plain http.',
      title: 'Referrer-Policy leaks full URLs (unsafe-url)',
      description: 'Referrer-Policy unsafe-url sends the full URL, path and query included, to every site the page links to or loads from, even over plain http.',
    },
    'no-referrer-when-downgrade': {
      severity: 'LOW',
      rationale: 'Full URLs go to every https origin; only downgrades to http are protected.',
      title: 'Referrer-Policy leaks full URLs to other sites',
      description: 'Referrer-Policy no-referrer-when-downgrade sends the full URL, path and query included, to every other https site.',
    },
  },
  run: detect,
  docs: {
    summary: 'Referrer-Policy decides how much of the current URL browsers send to other sites in Referer. URLs of APIs and pages often carry ids, tokens or search terms; `unsafe-url` and `no-referrer-when-downgrade` send the full URL to every other origin.',
    bad: [
      { note: 'Not sent.', expect: ['missing'], headers: { 'content-type': 'application/json' } },
      { note: 'Full URLs everywhere.', expect: ['unsafe-url'], headers: { 'referrer-policy': 'unsafe-url' } },
      { note: 'Full URLs to other https sites.', expect: ['no-referrer-when-downgrade'], headers: { 'referrer-policy': 'no-referrer-when-downgrade' } },
      { note: 'A misspelt value.', expect: ['invalid'], headers: { 'referrer-policy': 'no-referer' } },
    ],
    good: [
      { note: 'No referrer at all.', headers: { 'referrer-policy': 'no-referrer' } },
      { note: 'A fallback list: the last known token wins.', headers: { 'referrer-policy': 'no-referrer, strict-origin-when-cross-origin' } },
    ],
  },
});
