import { defineRule } from '../rule.js';

/** 1Password account Secret Keys (A3-XXXXXX-…). */
export default defineRule({
  id: 'onepassword-secret-key',
  title: '1Password account Secret Key',
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['a3-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9-])(?<secret>A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5})(?![A-Za-z0-9-])/,
  minEntropy: 3,
  description: 'A 1Password account Secret Key is committed. Together with the account password it decrypts every vault of the 1Password account it belongs to; it is the second factor that protects the account against a server breach.',
  remediation: 'Regenerate the Secret Key in the 1Password account settings (this re-encrypts the account keys), change the account password, and review vault access. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://support.1password.com/secret-key-security/'],
  docs: {
    summary: '1Password account Secret Keys (A3-XXXXXX-…).',
    bad: [
      'OP_SECRET_KEY=A3-I1TDOX-WJB' + 'X9W-WOLAI-W2L1Z-5OE7Y-CTLV3',
      'onepassword_secret_key: "A3-90QUJ2-XXB' + 'YSP-OE3AQ-CQEMY-6UN6V-E0SQT"',
      'const token = \'A3-GW2B5G-4EQ' + 'EYQ-R1ZEZ-VPVLT-L3CIX-22U81\';',
    ],
    good: [
      'OP_SECRET_KEY=${OP_SECRET_KEY}',
      'OP_SECRET_KEY=A3-I1TDOX-WJBX9W-WOLAI-W',
    ],
  },
});
