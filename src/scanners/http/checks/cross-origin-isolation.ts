import { defineCheck, OWASP, type Outcome } from '../check.js';
import { allowOrigin } from '../cors.js';
import { looksPersonal } from '../cookies.js';
import { displayName, has, headerLines, isDocument, mainAt, values } from '../headers.js';
import type { Retrieved } from '../types.js';

type Key = 'missing-coop' | 'missing-corp' | 'invalid-value';

/** The values each header defines (HTML §7.1.3 COOP and COEP, Fetch §3.7 CORP); anything else is ignored by browsers. */
export const VALID_VALUES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  'cross-origin-opener-policy': ['unsafe-none', 'same-origin-allow-popups', 'same-origin', 'noopener-allow-popups'],
  'cross-origin-embedder-policy': ['unsafe-none', 'require-corp', 'credentialless'],
  'cross-origin-resource-policy': ['same-site', 'same-origin', 'cross-origin'],
});

/** COOP and COEP are structured-field tokens that may carry parameters (`; report-to="x"`); CORP is a bare value. */
function invalidValues(r: Retrieved, at: { url: string; method: string }): Outcome<Key>[] {
  const outcomes: Outcome<Key>[] = [];
  for (const [name, allowed] of Object.entries(VALID_VALUES)) {
    const received = values(r.main.headers, name);
    if (received.length === 0) continue;
    const token = (name === 'cross-origin-resource-policy' ? (received[0] ?? '') : (received[0] ?? '').split(';')[0] ?? '').trim();
    // Values are case-sensitive: `Same-Origin` is as unknown as `sameorigin`.
    if (received.length === 1 && allowed.includes(token)) continue;
    const value = received.length > 1 ? `${received.length} headers` : token.slice(0, 60) || '(empty)';
    outcomes.push({ key: 'invalid-value', subject: name, facts: { header: displayName(name), value, allowed: allowed.join(', ') }, evidence: headerLines(r.main.headers, name), ...at });
  }
  return outcomes;
}

function detect(r: Retrieved): Outcome<Key>[] {
  const h = r.main.headers;
  const at = mainAt(r.main);
  const outcomes: Outcome<Key>[] = invalidValues(r, at);
  if (isDocument(r.main) && !has(h, 'cross-origin-opener-policy')) outcomes.push({ key: 'missing-coop', evidence: [], ...at });
  // CORP matters for responses tied to a user; public ones (ACAO: *) are meant to be read anywhere.
  const personal = looksPersonal(r.main);
  if (personal !== undefined && allowOrigin(r.main) !== '*' && !has(h, 'cross-origin-resource-policy')) {
    outcomes.push({ key: 'missing-corp', facts: { reason: personal }, evidence: [], ...at });
  }
  return outcomes;
}

export const check = defineCheck<Key>({
  id: 'cross-origin-isolation',
  title: 'Cross-origin isolation (COOP / COEP / CORP)',
  category: 'headers',
  cwe: 'CWE-693',
  owasp: OWASP.misconfiguration,
  remediation:
    'Send `Cross-Origin-Opener-Policy: same-origin` on pages and `Cross-Origin-Resource-Policy: same-origin` (or `same-site`) on responses that carry user data.',
  references: ['https://developer.mozilla.org/en-US/docs/Web/HTTP/Cross-Origin-Resource-Policy', 'https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Cross-Origin-Opener-Policy'],
  outcomes: {
    'missing-coop': {
      severity: 'INFO',
      rationale: 'Hardening against cross-window attacks; exploiting its absence needs another weakness.',
      title: 'Missing Cross-Origin-Opener-Policy header',
      description: 'The page sends no Cross-Origin-Opener-Policy, so windows it opens or that open it share a browsing context group with other sites.',
      remediation: 'Send `Cross-Origin-Opener-Policy: same-origin` (or `same-origin-allow-popups` if the page relies on popups such as OAuth).',
      confidence: 0.7,
    },
    'missing-corp': {
      severity: 'INFO',
      rationale: 'Side-channel reads need a browser without site isolation or a further bug; the header is defence in depth.',
      title: 'Missing Cross-Origin-Resource-Policy header',
      description: 'The response {reason} but sends no Cross-Origin-Resource-Policy, so other sites can load it cross-origin (for example as an image or script) into their own process.',
      remediation: 'Send `Cross-Origin-Resource-Policy: same-origin` (or `same-site`) on responses with user data.',
      confidence: 0.7,
    },
    'invalid-value': {
      severity: 'LOW',
      rationale: 'Browsers ignore an unknown value, so the protection the header was meant to give is absent; the site owner believes otherwise.',
      title: 'Invalid {header} header',
      description: 'The response sends {header} with {value}, which browsers ignore; the valid values are {allowed} (one header, written exactly so).',
      remediation: 'Send one header with one of the defined values, written exactly (lower case): e.g. `Cross-Origin-Resource-Policy: same-origin`, `Cross-Origin-Opener-Policy: same-origin`, `Cross-Origin-Embedder-Policy: require-corp`.',
    },
  },
  run: detect,
  docs: {
    summary: 'Cross-Origin-Opener-Policy keeps other sites\' windows from holding a reference to a page (cross-window leaks, tab-nabbing); Cross-Origin-Resource-Policy keeps other sites from loading a response into their own process, where side channels such as Spectre can read it. Every value received is checked against the values the specifications define (COOP, COEP, CORP): browsers ignore anything else. Presence is checked where it matters: COOP on documents, CORP on responses that look tied to a user (they set a cookie or vary on Cookie or Authorization).',
    bad: [
      { note: 'A page without COOP.', expect: ['missing-coop'], headers: { 'content-type': 'text/html', 'cross-origin-resource-policy': 'same-origin' } },
      { note: 'A session response without CORP.', expect: ['missing-corp'], headers: { 'content-type': 'application/json', 'set-cookie': 'sid=abc; Secure; HttpOnly' } },
      { note: 'CORP with a made-up value.', expect: ['invalid-value'], headers: { 'content-type': 'application/json', 'cross-origin-resource-policy': 'same-domain' } },
      { note: 'COOP in the wrong case.', expect: ['invalid-value'], headers: { 'content-type': 'text/html', 'cross-origin-opener-policy': 'Same-Origin' } },
      { note: 'COEP misspelt.', expect: ['invalid-value'], headers: { 'cross-origin-embedder-policy': 'require-cors' } },
    ],
    good: [
      {
        note: 'COEP with a reporting parameter.',
        headers: { 'content-type': 'application/json', 'cross-origin-embedder-policy': 'require-corp; report-to="coep"', 'cross-origin-resource-policy': 'same-site' },
      },
      {
        note: 'Both set.',
        headers: {
          'content-type': 'text/html',
          'set-cookie': 'sid=abc; Secure; HttpOnly',
          'cross-origin-opener-policy': 'same-origin',
          'cross-origin-resource-policy': 'same-origin',
        },
      },
      { note: 'A public JSON API without cookies needs neither.', headers: { 'content-type': 'application/json' } },
    ],
  },
});
