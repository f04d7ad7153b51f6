import { defineCheck, OWASP, type Outcome } from '../check.js';
import type { Retrieved } from '../types.js';

type Key = 'expired' | 'not-yet-valid' | 'expiring-soon' | 'hostname-mismatch' | 'self-signed' | 'untrusted-issuer' | 'weak-key' | 'weak-signature';

const DAY_MS = 86_400_000;
/** Warn this long before expiry: enough to notice a renewal that failed (ACME renews at 30 days left). */
export const EXPIRY_WARNING_DAYS = 30;
/** NIST SP 800-57 and the CA/Browser Forum: RSA (and DSA) below 2048 bits, EC below 256 bits. */
const MIN_BITS: Readonly<Record<string, number>> = { rsa: 2048, 'rsa-pss': 2048, dsa: 2048, ec: 256 };

const SELF_SIGNED = new Set(['DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN']);
/** Codes about the date, the name, the key or the digest: reported from the certificate itself rather than as a trust failure. */
const NOT_TRUST = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID', 'ERR_TLS_CERT_ALTNAME_INVALID', 'CA_MD_TOO_WEAK', 'EE_KEY_TOO_SMALL', 'CA_KEY_TOO_SMALL']);

function detect(r: Retrieved): Outcome<Key>[] {
  const tls = r.tls;
  const cert = tls?.certificate;
  if (tls === null || cert === undefined) return [];
  const at = { url: r.main.finalUrl, method: r.main.method };
  const evidence = [
    `Subject: ${cert.subject}`,
    `Issuer: ${cert.issuer}`,
    `Valid: ${cert.validFrom} to ${cert.validTo}`,
    `Key: ${cert.keyType}${cert.keyBits === undefined ? '' : ` ${cert.keyBits} bits`}${cert.weakSignature === undefined ? '' : `, signed with ${cert.weakSignature}`}`,
    ...(tls.authorizationError === undefined ? [] : [`Verification: ${tls.authorizationError}`]),
  ];
  const out: Outcome<Key>[] = [];
  const add = (key: Key, facts: Record<string, string> = {}) => out.push({ key, facts: { validTo: cert.validTo, validFrom: cert.validFrom, ...facts }, evidence, ...at });
  const now = Date.parse(r.retrievedAt);
  const validTo = Date.parse(cert.validTo);
  const validFrom = Date.parse(cert.validFrom);
  if (validTo < now) add('expired');
  else if (validFrom > now) add('not-yet-valid');
  else if (validTo - now < EXPIRY_WARNING_DAYS * DAY_MS) add('expiring-soon', { days: String(Math.floor((validTo - now) / DAY_MS)) });
  if (cert.matchesHost === false || tls.authorizationError === 'ERR_TLS_CERT_ALTNAME_INVALID') add('hostname-mismatch', { host: new URL(r.main.finalUrl).hostname });
  const code = tls.authorizationError;
  const min = MIN_BITS[cert.keyType];
  const weakKey = min !== undefined && cert.keyBits !== undefined && cert.keyBits < min;
  // OpenSSL reports a digest or key below its security level as UNSPECIFIED: the weak-* outcomes explain it.
  const explained = code !== undefined && (NOT_TRUST.has(code) || (code === 'UNSPECIFIED' && (weakKey || cert.weakSignature !== undefined)));
  if (cert.selfSigned || (code !== undefined && SELF_SIGNED.has(code))) add('self-signed');
  else if (!tls.authorized && code !== undefined && !explained) add('untrusted-issuer', { code });
  if (weakKey) add('weak-key', { key: `${cert.keyType.toUpperCase()} ${cert.keyBits ?? 0} bits`, min: String(min) });
  if (cert.weakSignature !== undefined) add('weak-signature', { algorithm: cert.weakSignature });
  return out;
}

export const check = defineCheck<Key>({
  id: 'tls-certificate',
  title: 'TLS certificate',
  category: 'headers',
  cwe: 'CWE-295',
  owasp: [...OWASP.cryptography, ...OWASP.misconfiguration],
  remediation:
    'Serve a certificate from a publicly trusted CA that names the host, renew it automatically well before expiry (ACME clients renew at 30 days left), and use an ECDSA P-256 or RSA 2048+ key signed with SHA-256.',
  references: ['https://developer.mozilla.org/en-US/docs/Web/Security/Practical_implementation_guides/TLS', 'https://cabforum.org/working-groups/server/baseline-requirements/'],
  outcomes: {
    expired: {
      severity: 'HIGH',
      rationale: 'Browsers and API clients refuse the connection; users who click through are trained to ignore the warning that would reveal an attacker.',
      title: 'TLS certificate expired',
      description: 'The certificate expired on {validTo}; clients that verify certificates refuse the connection.',
    },
    'not-yet-valid': {
      severity: 'HIGH',
      rationale: 'Clients refuse the connection as with an expired certificate.',
      title: 'TLS certificate not yet valid',
      description: 'The certificate is valid only from {validFrom}; clients refuse it until then (or the server clock is wrong).',
    },
    'expiring-soon': {
      severity: 'MEDIUM',
      rationale: 'Nothing fails yet, but a renewal that has not happened 30 days before expiry often means automation broke.',
      title: 'TLS certificate expires within 30 days',
      description: 'The certificate expires on {validTo}, in {days} day(s).',
      confidence: 0.95,
    },
    'hostname-mismatch': {
      severity: 'HIGH',
      rationale: 'Clients refuse the connection; one that accepts it cannot tell the server from an impostor.',
      title: 'TLS certificate does not match the host name',
      description: 'The certificate does not name {host} among its subject alternative names; clients refuse it.',
    },
    'self-signed': {
      severity: 'HIGH',
      rationale: 'No client can verify it without pinning, so clients either fail or are configured to skip verification, which lets any on-path attacker in.',
      title: 'Self-signed TLS certificate',
      description: 'The server presents a self-signed certificate (or a chain ending in an untrusted self-signed root); browsers and API clients refuse it.',
    },
    'untrusted-issuer': {
      severity: 'HIGH',
      rationale: 'Clients cannot verify who they talk to; the usual workaround, switching verification off, removes the protection TLS gives.',
      title: 'TLS certificate from an untrusted issuer',
      description: 'The certificate chain does not verify against the trusted CA store ({code}): an unknown issuer, or intermediate certificates not sent.',
    },
    'weak-key': {
      severity: 'MEDIUM',
      rationale: 'Keys this short are within reach of well-funded attackers and are refused by current CAs and some clients.',
      title: 'TLS certificate with a weak key',
      description: 'The certificate key is {key}, under the {min} bits required today.',
    },
    'weak-signature': {
      severity: 'MEDIUM',
      rationale: 'SHA-1 and MD5 collisions are practical; browsers reject such certificates.',
      title: 'TLS certificate signed with a weak algorithm',
      description: 'The certificate is signed with {algorithm}; browsers refuse SHA-1 and MD5 signatures since collisions can forge certificates.',
    },
  },
  run: detect,
  docs: {
    summary: 'For an https target the scan records the handshake of its main request: the server certificate is checked the way a browser checks it (trusted by the system CA store plus `NODE_EXTRA_CA_CERTS`, names matching the host, inside its validity dates), and beyond that for expiry within 30 days, a key shorter than 2048 bits (RSA) or 256 bits (EC), and a SHA-1 or MD5 signature. The scan completes the handshake despite an error so the rest of the checks still run, and sends nothing secret over it.',
    bad: [
      { note: 'Expired last month.', expect: ['expired'], tls: { authorized: false, authorizationError: 'CERT_HAS_EXPIRED', certificate: { validTo: '2026-05-01T00:00:00.000Z' } } },
      { note: 'Valid only from next month.', expect: ['not-yet-valid'], tls: { authorized: false, authorizationError: 'CERT_NOT_YET_VALID', certificate: { validFrom: '2026-07-01T00:00:00.000Z' } } },
      { note: 'Ten days left.', expect: ['expiring-soon'], tls: { certificate: { validTo: '2026-06-11T00:00:00.000Z' } } },
      { note: 'Issued for another name.', expect: ['hostname-mismatch'], tls: { authorized: false, authorizationError: 'ERR_TLS_CERT_ALTNAME_INVALID', certificate: { matchesHost: false } } },
      { note: 'Self-signed.', expect: ['self-signed'], tls: { authorized: false, authorizationError: 'DEPTH_ZERO_SELF_SIGNED_CERT', certificate: { selfSigned: true, issuer: 'CN=api.example.com' } } },
      { note: 'A private CA the client does not know.', expect: ['untrusted-issuer'], tls: { authorized: false, authorizationError: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' } },
      { note: 'RSA 1024.', expect: ['weak-key'], tls: { certificate: { keyType: 'rsa', keyBits: 1024 } } },
      { note: 'SHA-1.', expect: ['weak-signature'], tls: { certificate: { weakSignature: 'sha1WithRSAEncryption' } } },
    ],
    good: [
      { note: 'A trusted ECDSA P-256 certificate with six months left.' },
      { note: 'RSA 2048.', tls: { certificate: { keyType: 'rsa', keyBits: 2048 } } },
    ],
  },
});
