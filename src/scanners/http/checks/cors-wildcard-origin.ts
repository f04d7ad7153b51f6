import { defineCheck, OWASP, type Outcome } from '../check.js';
import { allowOrigin, allowsCredentials, probeOutcome, responseOf } from '../cors.js';
import { headerLines, mainAt } from '../headers.js';
import type { Retrieved } from '../types.js';

type Key = 'wildcard-credentials' | 'wildcard';

function detect(r: Retrieved): Outcome<Key>[] {
  // The probe from an unrelated origin first: it shows what any website gets.
  const probes = [...r.probes].sort((a, b) => Number(b.kind === 'arbitrary') - Number(a.kind === 'arbitrary'));
  for (const probe of probes) {
    const response = responseOf(probe);
    if (response === undefined || allowOrigin(response) !== '*') continue;
    return [probeOutcome(r, allowsCredentials(response) ? 'wildcard-credentials' : 'wildcard', probe)];
  }
  if (allowOrigin(r.main) !== '*') return [];
  const key: Key = allowsCredentials(r.main) ? 'wildcard-credentials' : 'wildcard';
  const evidence = headerLines(r.main.headers, 'access-control-allow-origin', 'access-control-allow-credentials');
  return [{ key, facts: { origin: '(none)', method: r.main.method }, evidence: ['Origin: (none sent)', ...evidence], ...mainAt(r.main) }];
}

export const check = defineCheck<Key>({
  id: 'cors-wildcard-origin',
  title: 'CORS: any origin allowed (*)',
  category: 'cors',
  cwe: 'CWE-942',
  owasp: [...OWASP.accessControl, ...OWASP.misconfiguration],
  remediation:
    'Keep `*` only for public data that needs no credentials. Otherwise answer with an allow-list: compare the request\'s Origin with exact, full origins (scheme, host and port) and echo it only on a match, with `Vary: Origin`.',
  references: ['https://fetch.spec.whatwg.org/#cors-protocol-and-credentials', 'https://portswigger.net/web-security/cors'],
  outcomes: {
    'wildcard-credentials': {
      severity: 'LOW',
      rationale: 'Browsers reject this combination, so nothing leaks as configured; it shows credentialed cross-origin access was intended, and the usual "fix" (echoing the Origin) is the critical misconfiguration.',
      title: 'CORS wildcard origin with credentials',
      description: 'The response to {method} with Origin {origin} allows any origin (*) and credentials at once. Browsers refuse this combination, so credentialed requests fail; replacing * with the request\'s Origin would expose every user\'s data to every site.',
    },
    wildcard: {
      severity: 'INFO',
      rationale: 'Without credentials, * exposes only what an anonymous request returns; intended for public APIs.',
      title: 'CORS wildcard origin without credentials',
      description: 'The response to {method} with Origin {origin} allows any origin (*) to read it without credentials. Fine for public data; a problem if the API is reachable only from a private network or relies on the client\'s IP address.',
      confidence: 0.7,
    },
  },
  run: detect,
  docs: {
    summary: '`Access-Control-Allow-Origin: *` lets every website read the response, but never with the user\'s cookies or HTTP authentication: browsers refuse `*` together with `Access-Control-Allow-Credentials: true`. Right for a public, unauthenticated API; wrong for anything reachable only from a trusted network or that expects cookies to work cross-origin.',
    bad: [
      {
        note: 'Wildcard with credentials.',
        expect: ['wildcard-credentials'],
        probes: [{ kind: 'arbitrary', method: 'GET', headers: { 'access-control-allow-origin': '*', 'access-control-allow-credentials': 'true' } }],
      },
      { note: 'A public API.', expect: ['wildcard'], probes: [{ kind: 'arbitrary', method: 'GET', headers: { 'access-control-allow-origin': '*' } }] },
    ],
    good: [
      {
        note: 'Only the own origin is allowed.',
        probes: [
          { kind: 'control', method: 'GET', headers: { 'access-control-allow-origin': '{origin}', vary: 'Origin' } },
          { kind: 'arbitrary', method: 'GET', headers: {} },
        ],
      },
    ],
  },
});
