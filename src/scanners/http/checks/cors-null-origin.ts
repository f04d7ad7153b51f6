import { defineCheck, OWASP, type Outcome } from '../check.js';
import { allowsCredentials, anyTrusted, probeOutcome, responseOf, trustedProbes } from '../cors.js';
import type { Retrieved } from '../types.js';

type Key = 'null-credentials' | 'null';

function detect(r: Retrieved): Outcome<Key>[] {
  // A server that reflects every Origin also reflects "null": cors-origin-reflection reports that.
  if (anyTrusted(r, 'arbitrary')) return [];
  const best = trustedProbes(r, 'null')[0];
  const response = best && responseOf(best);
  if (best === undefined || response === undefined) return [];
  return [probeOutcome(r, allowsCredentials(response) ? 'null-credentials' : 'null', best)];
}

export const check = defineCheck<Key>({
  id: 'cors-null-origin',
  title: 'CORS: null origin trusted',
  category: 'cors',
  cwe: 'CWE-942',
  owasp: [...OWASP.accessControl, ...OWASP.misconfiguration],
  remediation: 'Remove `null` from the allowed origins; for local development allow `http://localhost:<port>` explicitly, and only outside production.',
  references: ['https://portswigger.net/web-security/cors#whitelisted-null-origin-value'],
  outcomes: {
    'null-credentials': {
      severity: 'HIGH',
      rationale: 'Equivalent to trusting every website with credentials: any page can read the visiting user\'s data through a sandboxed iframe.',
      title: 'CORS trusts the null origin with credentials',
      description: 'The {method} probe with Origin null was answered with Access-Control-Allow-Origin: null and credentials allowed: any website can read responses with the visiting user\'s cookies from a sandboxed iframe.',
      confidence: 0.95,
    },
    null: {
      severity: 'LOW',
      rationale: 'Without credentials, trusting null exposes only anonymous responses, as * would.',
      title: 'CORS trusts the null origin',
      description: 'The {method} probe with Origin null was answered with Access-Control-Allow-Origin: null: sandboxed documents of any website can read the response (without credentials).',
      confidence: 0.95,
    },
  },
  run: detect,
  docs: {
    summary: 'Browsers send `Origin: null` from sandboxed iframes, data: and file: documents and some redirects. Any website can produce it (a sandboxed iframe is one line of HTML), so trusting `null` trusts everyone. It often comes from allow-lists that include "null" for local development.',
    bad: [
      {
        note: 'null trusted with credentials.',
        expect: ['null-credentials'],
        probes: [{ kind: 'null', method: 'GET', headers: { 'access-control-allow-origin': 'null', 'access-control-allow-credentials': 'true' } }],
      },
      { note: 'null trusted without credentials.', expect: ['null'], probes: [{ kind: 'null', method: 'OPTIONS', headers: { 'access-control-allow-origin': 'null' } }] },
    ],
    good: [{ note: 'null not echoed.', probes: [{ kind: 'null', method: 'GET', headers: { vary: 'Origin' } }] }],
  },
});
