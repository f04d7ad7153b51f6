import { defineCheck, OWASP, type Outcome } from '../check.js';
import { allowOrigin } from '../cors.js';
import { looksPersonal } from '../cookies.js';
import { has, isDocument, mainAt } from '../headers.js';
import type { Retrieved } from '../types.js';

type Key = 'missing-coop' | 'missing-corp';

function detect(r: Retrieved): Outcome<Key>[] {
  const h = r.main.headers;
  const at = mainAt(r.main);
  const outcomes: Outcome<Key>[] = [];
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
  title: 'Cross-origin isolation (COOP / CORP)',
  category: 'headers',
  cwe: 'CWE-693',
  owasp: OWASP.misconfiguration,
  summary:
    'Cross-Origin-Opener-Policy keeps other sites\' windows from holding a reference to a page (cross-window leaks, tab-nabbing); Cross-Origin-Resource-Policy keeps other sites from loading a response into their own process, where side channels such as Spectre can read it. Checked where they matter: COOP on documents, CORP on responses that look tied to a user (they set a cookie or vary on Cookie or Authorization).',
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
  },
  run: detect,
  examples: {
    failing: [
      { note: 'A page without COOP.', expect: ['missing-coop'], headers: { 'content-type': 'text/html', 'cross-origin-resource-policy': 'same-origin' } },
      { note: 'A session response without CORP.', expect: ['missing-corp'], headers: { 'content-type': 'application/json', 'set-cookie': 'sid=abc; Secure; HttpOnly' } },
    ],
    passing: [
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
