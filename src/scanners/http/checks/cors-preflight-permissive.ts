import { defineCheck, OWASP, type Outcome } from '../check.js';
import { allowedWriteMethods, allowOrigin, allowsAnyHeader, probeOutcome, responseOf } from '../cors.js';
import { UNTRUSTED_KINDS } from '../origins.js';
import type { CorsProbe, Retrieved } from '../types.js';

type Key = 'write-methods' | 'any-headers';

/** Preflights from origins the target should not trust that were nonetheless allowed (echoed or *). */
function allowedUntrustedPreflights(r: Retrieved): CorsProbe[] {
  return r.probes.filter((p) => {
    const response = responseOf(p);
    if (p.method !== 'OPTIONS' || response === undefined || !UNTRUSTED_KINDS.includes(p.kind)) return false;
    const allowed = allowOrigin(response);
    return allowed === '*' || allowed === p.origin;
  });
}

function detect(r: Retrieved): Outcome<Key>[] {
  const outcomes: Outcome<Key>[] = [];
  const preflights = allowedUntrustedPreflights(r);
  for (const probe of preflights) {
    const response = responseOf(probe);
    const methods = response ? allowedWriteMethods(response) : [];
    if (methods.length === 0) continue;
    outcomes.push(probeOutcome('write-methods', probe, { facts: { methods: methods.join(', ') } }));
    break;
  }
  for (const probe of preflights) {
    const response = responseOf(probe);
    const headers = response ? allowsAnyHeader(response) : undefined;
    if (headers === undefined) continue;
    outcomes.push(probeOutcome('any-headers', probe, { facts: { headers } }));
    break;
  }
  return outcomes;
}

export const check = defineCheck<Key>({
  id: 'cors-preflight-permissive',
  title: 'CORS: permissive preflight for untrusted origins',
  category: 'cors',
  cwe: 'CWE-942',
  owasp: [...OWASP.accessControl, ...OWASP.misconfiguration],
  summary:
    'The preflight probes ask, from origins the target should not trust, whether a `PUT` with the `Authorization` header and a made-up `X-Vigil-Probe` header may be sent. A preflight that allows such an origin (echoed or `*`) and answers with state-changing methods, `*`, or by echoing whatever headers were asked for, lets other websites send writes to the API from users\' browsers. Whether that hurts depends on how requests are authenticated; the origin findings above rank the credentialed cases.',
  remediation:
    'Answer preflights only for allowed origins, and list exactly the methods and request headers the API uses (`Access-Control-Allow-Methods: GET, POST`, `Access-Control-Allow-Headers: content-type, authorization`) instead of `*` or echoing Access-Control-Request-Headers.',
  references: ['https://fetch.spec.whatwg.org/#cors-preflight-fetch'],
  outcomes: {
    'write-methods': {
      severity: 'LOW',
      rationale: 'Writes from other sites need credentials the browser attaches; the credentialed cases are ranked by the origin checks, this records the breadth.',
      title: 'CORS preflight allows write methods to untrusted origins',
      description: 'The OPTIONS probe with Origin {origin} was allowed with the methods {methods}: other websites may send state-changing requests from users\' browsers.',
      confidence: 0.85,
    },
    'any-headers': {
      severity: 'INFO',
      rationale: 'Allowing arbitrary request headers removes a layer some APIs rely on (custom-header CSRF defences) but exposes nothing alone.',
      title: 'CORS preflight allows any request header to untrusted origins',
      description: 'The OPTIONS probe with Origin {origin} was allowed with request headers {headers}: custom-header CSRF defences no longer hold against other websites.',
      confidence: 0.85,
    },
  },
  run: detect,
  examples: {
    failing: [
      {
        note: 'Wildcard preflight.',
        expect: ['write-methods', 'any-headers'],
        probes: [
          {
            kind: 'arbitrary',
            method: 'OPTIONS',
            headers: { 'access-control-allow-origin': '*', 'access-control-allow-methods': '*', 'access-control-allow-headers': '*' },
          },
        ],
      },
      {
        note: 'Echoes the null origin and every requested header.',
        expect: ['write-methods', 'any-headers'],
        probes: [
          {
            kind: 'null',
            method: 'OPTIONS',
            headers: {
              'access-control-allow-origin': 'null',
              'access-control-allow-methods': 'GET, PUT, DELETE',
              'access-control-allow-headers': 'authorization, x-vigil-probe',
            },
          },
        ],
      },
    ],
    passing: [
      {
        note: 'The preflight is answered only for the own origin.',
        probes: [
          {
            kind: 'control',
            method: 'OPTIONS',
            headers: { 'access-control-allow-origin': '{origin}', 'access-control-allow-methods': 'GET, PUT', 'access-control-allow-headers': 'authorization' },
          },
          { kind: 'arbitrary', method: 'OPTIONS', headers: {} },
        ],
      },
    ],
  },
});
