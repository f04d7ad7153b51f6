import { defineCheck, OWASP, type Outcome } from '../check.js';
import { allowsCredentials, anyTrusted, probeOutcome, responseOf, trustedProbes } from '../cors.js';
import type { Retrieved } from '../types.js';

type Key = 'http-origin-credentials' | 'http-origin';

function detect(r: Retrieved): Outcome<Key>[] {
  if (anyTrusted(r, 'arbitrary')) return [];
  const best = trustedProbes(r, 'http-scheme')[0];
  const response = best && responseOf(best);
  if (best === undefined || response === undefined) return [];
  return [probeOutcome(r, allowsCredentials(response) ? 'http-origin-credentials' : 'http-origin', best)];
}

export const check = defineCheck<Key>({
  id: 'cors-insecure-origin',
  title: 'CORS: plain-http origin trusted by an https API',
  category: 'cors',
  cwe: 'CWE-942',
  owasp: [...OWASP.accessControl, ...OWASP.cryptography],
  remediation: 'Allow only `https://` origins; serve the front end over https with HSTS so there is no http origin to trust.',
  references: ['https://portswigger.net/web-security/cors#breaking-tls-with-poorly-configured-cors'],
  outcomes: {
    'http-origin-credentials': {
      severity: 'MEDIUM',
      rationale: 'Needs an attacker on the victim\'s network path, then yields the user\'s data despite https.',
      title: 'CORS trusts a plain-http origin with credentials',
      description: 'The {method} probe with Origin {origin} was trusted with credentials: an on-path attacker injecting into that http origin can read users\' data from the https API.',
      confidence: 0.9,
    },
    'http-origin': {
      severity: 'LOW',
      rationale: 'Needs an on-path attacker and yields only anonymous responses.',
      title: 'CORS trusts a plain-http origin',
      description: 'The {method} probe with Origin {origin} was trusted: an on-path attacker injecting into that http origin can read the https API\'s responses (without credentials).',
      confidence: 0.9,
    },
  },
  run: detect,
  docs: {
    summary: 'For an https target the scan sends the same host with `http://` as Origin. Trusting it means a network attacker, who can inject script into any plain-http page of that host (coffee-shop Wi-Fi), can read the https API\'s responses: the https protection is only as strong as the http origin.',
    bad: [
      {
        note: 'http://api.example.com trusted with credentials.',
        expect: ['http-origin-credentials'],
        probes: [{ kind: 'http-scheme', method: 'GET', headers: { 'access-control-allow-origin': '{origin}', 'access-control-allow-credentials': 'true' } }],
      },
      { note: 'Trusted without credentials.', expect: ['http-origin'], probes: [{ kind: 'http-scheme', method: 'GET', headers: { 'access-control-allow-origin': '{origin}' } }] },
    ],
    good: [{ note: 'Only https origins.', probes: [{ kind: 'http-scheme', method: 'GET', headers: { vary: 'Origin' } }] }],
  },
});
