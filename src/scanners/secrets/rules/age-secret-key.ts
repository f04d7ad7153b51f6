import { defineRule } from '../rule.js';

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

/** BIP-173 bech32 checksum over the lower-cased string (age ignores the 90-character limit). */
function hasBech32Checksum(value: string): boolean {
  const lower = value.toLowerCase();
  const sep = lower.lastIndexOf('1');
  if (sep < 1) return false;
  const hrp = lower.slice(0, sep);
  const values: number[] = [];
  for (const ch of hrp) values.push(ch.charCodeAt(0) >> 5);
  values.push(0);
  for (const ch of hrp) values.push(ch.charCodeAt(0) & 31);
  for (const ch of lower.slice(sep + 1)) {
    const v = BECH32.indexOf(ch);
    if (v === -1) return false;
    values.push(v);
  }
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = (((chk & 0x1ffffff) << 5) ^ v) >>> 0;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk = (chk ^ (GENERATOR[i] as number)) >>> 0;
  }
  return chk === 1;
}

/** age (file encryption) X25519 identities: AGE-SECRET-KEY-1 + 58 bech32 characters with a checksum. */
export default defineRule({
  id: 'age-secret-key',
  title: 'age secret key',
  severity: 'CRITICAL',
  confidence: 0.98,
  keywords: ['age-secret-key-1'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9])(?<secret>AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58})(?![A-Za-z0-9])/,
  validate: (secret) => hasBech32Checksum(secret),
  cwe: 'CWE-321',
  description:
    'An age secret key is committed. It decrypts every file encrypted to its public key, such as SOPS-encrypted secrets files in the same repository.',
  remediation:
    'Generate a new key pair (age-keygen), re-encrypt the files to the new recipient (sops updatekeys / sops rotate), rotate the secrets the old key could decrypt, and keep the key outside the repository (key file, KMS or CI secret). Remove it from git history.',
  references: ['https://age-encryption.org/v1'],
  docs: {
    summary: 'age X25519 secret keys (AGE-SECRET-KEY-1…), validated by their bech32 checksum.',
    bad: ['# public key: age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p\nAGE-SECRET-KEY-1' + 'U4HQTHUTDN9NGPH3KKU6CQJTMSC0YJ2MXSGY54YUETEN7NXCR7PSXLWFSM'],
    good: ['SOPS_AGE_KEY=AGE-SECRET-KEY-1' + 'QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ', 'SOPS_AGE_KEY_FILE=~/.config/sops/age/keys.txt', 'recipient: age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p'],
  },
});
