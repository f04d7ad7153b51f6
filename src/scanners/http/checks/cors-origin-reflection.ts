import { defineCheck, OWASP, type Outcome } from '../check.js';
import { allowedWriteMethods, allowsCredentials, probeOutcome, responseOf, trustedProbes } from '../cors.js';
import type { CorsProbe, Retrieved } from '../types.js';

type Key = 'reflect-credentials-write' | 'reflect-credentials' | 'reflect';

const credentialed = (p: CorsProbe) => {
  const response = responseOf(p);
  return response !== undefined && allowsCredentials(response);
};

function detect(r: Retrieved): Outcome<Key>[] {
  const trusted = trustedProbes(r, 'arbitrary');
  const best = trusted[0];
  if (best === undefined) return [];
  if (!credentialed(best)) return [probeOutcome(r, 'reflect', best)];
  for (const probe of trusted) {
    const response = responseOf(probe);
    if (probe.method !== 'OPTIONS' || response === undefined || !credentialed(probe)) continue;
    const methods = allowedWriteMethods(response);
    if (methods.length > 0) return [probeOutcome(r, 'reflect-credentials-write', probe, { facts: { methods: methods.join(', ') } })];
  }
  return [probeOutcome(r, 'reflect-credentials', best)];
}

const REMEDIATION =
  'Replace the reflection with an allow-list of exact origins (scheme, host and port compared as whole strings), echo the Origin only on a match, and send `Vary: Origin`. Send `Access-Control-Allow-Credentials: true` only to those origins, and only if the API really authenticates browsers with cookies.';

export const check = defineCheck<Key>({
  id: 'cors-origin-reflection',
  title: 'CORS: arbitrary origin reflected',
  category: 'cors',
  cwe: 'CWE-942',
  owasp: [...OWASP.accessControl, ...OWASP.misconfiguration],
  remediation: REMEDIATION,
  references: ['https://portswigger.net/research/exploiting-cors-misconfigurations-for-bitcoins-and-bounties', 'https://fetch.spec.whatwg.org/#http-cors-protocol'],
  outcomes: {
    'reflect-credentials-write': {
      severity: 'CRITICAL',
      rationale: 'Any website can read and change the data of any logged-in user who visits it: full cross-site account access, no user interaction beyond the visit.',
      title: 'CORS reflects any origin with credentials and write methods',
      description: 'The {method} probe with Origin {origin} was answered with that origin, Access-Control-Allow-Credentials: true and the methods {methods}: any website can read and modify data as the visiting user.',
      confidence: 0.95,
    },
    'reflect-credentials': {
      severity: 'HIGH',
      rationale: 'Any website can read responses with the visiting user\'s cookies: cross-site data theft without interaction.',
      title: 'CORS reflects any origin with credentials',
      description: 'The {method} probe with Origin {origin} was answered with that origin and Access-Control-Allow-Credentials: true: any website can read responses with the visiting user\'s cookies.',
      confidence: 0.95,
    },
    reflect: {
      severity: 'MEDIUM',
      rationale: 'Without credentials only anonymous responses leak, but that includes data gated by network location (intranets, IP allow-lists) and it is one header away from the critical case.',
      title: 'CORS reflects any origin',
      description: 'The {method} probe with Origin {origin} was answered with that origin: the server trusts every website (without credentials).',
      confidence: 0.95,
    },
  },
  run: detect,
  docs: {
    summary: 'The scan sends `Origin: https://vigil-probe.example`, an origin no server has reason to trust, with a GET and with a preflight (OPTIONS asking for PUT and the Authorization header). If the answer echoes it in Access-Control-Allow-Origin, the server trusts every website. With `Access-Control-Allow-Credentials: true` any page a logged-in user visits can read their data through the API, and with write methods allowed in the preflight, change it.',
    bad: [
      {
        note: 'Reflected with credentials; the preflight allows PUT and DELETE.',
        expect: ['reflect-credentials-write'],
        probes: [
          { kind: 'arbitrary', method: 'GET', headers: { 'access-control-allow-origin': '{origin}', 'access-control-allow-credentials': 'true' } },
          {
            kind: 'arbitrary',
            method: 'OPTIONS',
            headers: {
              'access-control-allow-origin': '{origin}',
              'access-control-allow-credentials': 'true',
              'access-control-allow-methods': 'GET, PUT, DELETE',
              'access-control-allow-headers': 'authorization',
            },
          },
        ],
      },
      {
        note: 'Reflected with credentials on GET.',
        expect: ['reflect-credentials'],
        probes: [{ kind: 'arbitrary', method: 'GET', headers: { 'access-control-allow-origin': '{origin}', 'access-control-allow-credentials': 'true' } }],
      },
      { note: 'Reflected without credentials.', expect: ['reflect'], probes: [{ kind: 'arbitrary', method: 'GET', headers: { 'access-control-allow-origin': '{origin}' } }] },
    ],
    good: [
      {
        note: 'An allow-list: the own origin is echoed, the unrelated one is not.',
        probes: [
          { kind: 'control', method: 'GET', headers: { 'access-control-allow-origin': '{origin}', 'access-control-allow-credentials': 'true', vary: 'Origin' } },
          { kind: 'arbitrary', method: 'GET', headers: { vary: 'Origin' } },
          { kind: 'arbitrary', method: 'OPTIONS', headers: { vary: 'Origin' } },
        ],
      },
    ],
  },
});
