import { defineCheck, OWASP, type Outcome } from '../check.js';
import type { Retrieved } from '../types.js';

type Key = 'legacy-accepted';

function detect(r: Retrieved): Outcome<Key>[] {
  if (r.tls === null || r.legacyTls === undefined || r.legacyTls === null) return [];
  const evidence = [`A handshake offering only TLS 1.0 and 1.1 was accepted with ${r.legacyTls}`, ...(r.tls.protocol === null ? [] : [`The main request negotiated ${r.tls.protocol}`])];
  return [{ key: 'legacy-accepted', facts: { protocol: r.legacyTls }, evidence, url: r.main.finalUrl, method: r.main.method }];
}

export const check = defineCheck<Key>({
  id: 'tls-protocol',
  title: 'TLS protocol versions',
  category: 'headers',
  cwe: 'CWE-327',
  owasp: [...OWASP.cryptography, ...OWASP.misconfiguration],
  remediation: 'Allow TLS 1.2 and 1.3 only (e.g. nginx `ssl_protocols TLSv1.2 TLSv1.3;`, Node `minVersion: \'TLSv1.2\'`).',
  references: ['https://www.rfc-editor.org/rfc/rfc8996', 'https://ssl-config.mozilla.org/'],
  outcomes: {
    'legacy-accepted': {
      severity: 'MEDIUM',
      rationale: 'Exploits (BEAST, POODLE-style downgrades) need an on-path attacker and an old client, but PCI DSS and browsers have retired these versions.',
      title: 'TLS 1.0/1.1 accepted',
      description: 'The server completed a handshake with {protocol}, a protocol version deprecated by RFC 8996.',
    },
  },
  run: detect,
  docs: {
    summary: 'After an https main request the scan opens one more connection that offers only TLS 1.0 and 1.1 (RFC 8996 deprecated both) and closes it after the handshake. A server that agrees keeps weak ciphers and downgrade paths alive for every client. No HTTP is sent on that connection.',
    bad: [{ note: 'TLS 1.1 still enabled.', expect: ['legacy-accepted'], legacyTls: 'TLSv1.1' }],
    good: [{ note: 'TLS 1.2 and 1.3 only.', legacyTls: null }],
  },
});
