import { defineCheck, OWASP, type Outcome } from '../check.js';
import { allowOrigin, probeOutcome, responseOf } from '../cors.js';
import { commaItems } from '../headers.js';
import type { Retrieved } from '../types.js';

type Key = 'missing-vary';

function detect(r: Retrieved): Outcome<Key>[] {
  // GET answers are the cacheable ones; the control probe first, since a correct allow-list echoes it.
  const gets = r.probes.filter((p) => p.method === 'GET').sort((a, b) => Number(b.kind === 'control') - Number(a.kind === 'control'));
  for (const probe of gets) {
    const response = responseOf(probe);
    if (response === undefined) continue;
    const allowed = allowOrigin(response);
    if (allowed === undefined || allowed === '*' || allowed !== probe.origin) continue;
    const vary = commaItems(response.headers, 'vary').map((v) => v.toLowerCase());
    if (vary.includes('origin') || vary.includes('*')) continue;
    return [probeOutcome(r, 'missing-vary', probe)];
  }
  return [];
}

export const check = defineCheck<Key>({
  id: 'cors-vary-origin',
  title: 'CORS: echoed origin without Vary: Origin',
  category: 'cors',
  cwe: 'CWE-524',
  owasp: OWASP.misconfiguration,
  remediation: 'Add `Vary: Origin` to every response whose Access-Control-Allow-Origin depends on the request\'s Origin (including responses that send no CORS headers because the origin was not allowed).',
  references: ['https://fetch.spec.whatwg.org/#cors-protocol-and-http-caches'],
  outcomes: {
    'missing-vary': {
      severity: 'LOW',
      rationale: 'Needs a cache between client and server that keys on URL only; the usual effect is broken CORS, and poisoning needs a second weakness.',
      title: 'CORS origin echoed without Vary: Origin',
      description: 'The {method} probe with Origin {origin} was answered with that origin but without Vary: Origin, so caches may serve it for other origins.',
      confidence: 0.85,
    },
  },
  run: detect,
  docs: {
    summary: 'A server that picks Access-Control-Allow-Origin from the request\'s Origin must say so with `Vary: Origin`. Otherwise a cache (browser, CDN, proxy) may serve the answer meant for one origin to another: legitimate origins get spurious CORS failures, or an attacker-chosen origin ends up in a cached response served to everyone.',
    bad: [{ note: 'Echoed without Vary.', expect: ['missing-vary'], probes: [{ kind: 'control', method: 'GET', headers: { 'access-control-allow-origin': '{origin}' } }] }],
    good: [
      { note: 'Echoed with Vary: Origin.', probes: [{ kind: 'control', method: 'GET', headers: { 'access-control-allow-origin': '{origin}', vary: 'Accept-Encoding, Origin' } }] },
      { note: 'A wildcard does not depend on the Origin.', probes: [{ kind: 'arbitrary', method: 'GET', headers: { 'access-control-allow-origin': '*' } }] },
    ],
  },
});
