import { defineCheck, OWASP, type Outcome } from '../check.js';
import { allowsCredentials, anyTrusted, probeOutcome, responseOf, trustedProbes } from '../cors.js';
import type { Retrieved } from '../types.js';

type Key = 'third-party-credentials' | 'third-party';

function detect(r: Retrieved): Outcome<Key>[] {
  // A server that reflects every Origin trusts these too: cors-origin-reflection reports that once.
  if (anyTrusted(r, 'arbitrary')) return [];
  const best = trustedProbes(r, 'third-party')[0];
  const response = best && responseOf(best);
  if (best === undefined || response === undefined) return [];
  return [probeOutcome(r, allowsCredentials(response) ? 'third-party-credentials' : 'third-party', best, { subject: best.origin })];
}

export const check = defineCheck<Key>({
  id: 'cors-third-party-origin',
  title: 'CORS: code-hosting origin trusted',
  category: 'cors',
  cwe: 'CWE-942',
  owasp: [...OWASP.accessControl, ...OWASP.misconfiguration],
  remediation:
    'Remove code-hosting and playground origins from the allow-list. Trust only origins the organisation controls, compared as exact strings; for GitHub Pages use the project\'s own custom domain, never a `*.github.io` pattern.',
  references: ['https://portswigger.net/web-security/cors#whitelisted-null-origin-value', 'https://docs.github.com/en/pages/getting-started-with-github-pages/about-github-pages'],
  outcomes: {
    'third-party-credentials': {
      severity: 'HIGH',
      rationale: 'Publishing a page on such a site is free and anonymous; with credentials it reads the data of every logged-in user who opens the page.',
      title: 'CORS trusts a code-hosting origin with credentials',
      description: 'The {method} probe with Origin {origin} was trusted with credentials: anyone who publishes a page there can read responses with the visiting user\'s cookies.',
      confidence: 0.9,
    },
    'third-party': {
      severity: 'MEDIUM',
      rationale: 'Anyone can run scripts at that origin, but without credentials only anonymous responses leak.',
      title: 'CORS trusts a code-hosting origin',
      description: 'The {method} probe with Origin {origin} was trusted: anyone who publishes a page there can read responses (without credentials).',
      confidence: 0.9,
    },
  },
  run: detect,
  docs: {
    summary: 'The scan sends origins of sites where anyone can publish scripts under the site\'s own origin: a GitHub Pages subdomain (`https://vigil-probe.github.io`, trusted by a `*.github.io` pattern meant for the project\'s own pages), CodePen and JSFiddle (kept in allow-lists after a demo). An attacker publishes a page there and reads the API from the browsers of users who open it.',
    bad: [
      {
        note: 'A *.github.io pattern, with credentials.',
        expect: ['third-party-credentials'],
        probes: [{ kind: 'third-party', method: 'GET', headers: { 'access-control-allow-origin': '{origin}', 'access-control-allow-credentials': 'true', vary: 'Origin' } }],
      },
      { note: 'A playground left in the allow-list.', expect: ['third-party'], probes: [{ kind: 'third-party', method: 'GET', headers: { 'access-control-allow-origin': '{origin}', vary: 'Origin' } }] },
    ],
    good: [
      {
        note: 'An exact allow-list of the own origin.',
        probes: [
          { kind: 'control', method: 'GET', headers: { 'access-control-allow-origin': '{origin}', vary: 'Origin' } },
          { kind: 'third-party', method: 'GET', headers: { vary: 'Origin' } },
        ],
      },
    ],
  },
});
