import { defineRule } from '../rule.js';

/** What is left of a key body once line breaks (real or escaped) and PEM headers are gone. */
function keyMaterial(body: string): string {
  return body
    .replace(/\\r|\\n/g, '\n')
    .split(/\r?\n/)
    .filter((line) => !/^\s*[A-Za-z-]+:/.test(line))
    .join('')
    .replace(/[\s"'+,]/g, '');
}

/**
 * PEM and OpenSSH private key blocks (RSA, EC, DSA, OpenSSH, PKCS#8, encrypted
 * PKCS#8, PGP), also inside one-line strings with escaped \n or \r\n.
 */
export default defineRule({
  id: 'private-key',
  title: 'Private key',
  severity: 'CRITICAL',
  confidence: 0.95,
  keywords: ['private key-----', 'private key block-----'],
  multiline: true,
  pattern:
    /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----(?<secret>(?:\\r|\\n|[A-Za-z0-9+/=:,.\s"'-]){64,12000}?)-----END (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----/,
  validate: (secret) => {
    const material = keyMaterial(secret);
    return material.length >= 64 && /^[A-Za-z0-9+/=]+$/.test(material) && !/(.)\1{15}/.test(material);
  },
  keepPlaceholders: true,
  cwe: 'CWE-321',
  description:
    'A private key is committed. Whoever has it can impersonate the server or user it belongs to, decrypt what was encrypted to it, or sign as it (TLS, SSH, code or package signing).',
  remediation:
    'Treat the key as compromised: revoke or replace the certificate or SSH/GPG key, deploy a new one from a secret store or key vault, and remove the file from git history.',
  references: ['https://www.rfc-editor.org/rfc/rfc7468'],
  docs: {
    summary: 'PEM, OpenSSH and PGP private key blocks, including ones written on one line with escaped line breaks.',
    bad: [
      '-----BEGIN RSA ' + 'PRIVATE KEY-----\nMIIEowIBAAKCAQEAu3Zq9fXk2Lw8Vn5Rt7Yp1Hc4Jd6Ks0Ma9Qe2Ux5Wb7Nz3Gh8\nTv1Lp4Ry6Fk2Sd9Ao5Ci3Xm7Bn0Ew8Qj4Hr6Gt2Uy1Vz5Ka9Mb3Lc7Nd0Pe2Sf4Tg\n-----END RSA PRIVATE KEY-----',
      '"private_key": "-----BEGIN ' + 'PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7dq9fXk2Lw8Vn5Rt7\\nYp1Hc4Jd6Ks0Ma9Qe2Ux5Wb7Nz3Gh8Tv1Lp4Ry6Fk2Sd9Ao5Ci3Xm7Bn0Ew8Qj4Hr\\n-----END PRIVATE KEY-----\\n"',
    ],
    good: [
      '-----BEGIN RSA ' + 'PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----',
      '-----BEGIN ' + 'PRIVATE KEY-----\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n-----END PRIVATE KEY-----',
      '-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJRTESMBAGA1UEChMJ\n-----END CERTIFICATE-----',
    ],
  },
});
