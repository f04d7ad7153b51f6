import { isWellFormedApiKey } from '../../../core/api-key-format.js';
import { defineRule } from '../rule.js';

/** Vigil's own API keys: vgl_live_ + 32 base62 + a 6-character base62 CRC-32 of everything before it. */
export default defineRule({
  id: 'vigil-api-key',
  title: 'Vigil API key',
  severity: 'HIGH',
  confidence: 0.98,
  keywords: ['vgl_live_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>vgl_live_[A-Za-z0-9]{38})(?![A-Za-z0-9_])/,
  validate: (secret) => isWellFormedApiKey(secret),
  description:
    'A Vigil API key is committed. It authenticates as the account that created it: it starts scans, reads their findings (including where secrets were found) and manages the account’s settings.',
  remediation:
    'Revoke the key in Vigil (account settings → API keys), create a new one and keep it in a CI secret or secret manager (VIGIL_API_KEY). Remove it from git history.',
  docs: {
    summary: 'Vigil API keys (vgl_live_), validated by their embedded checksum.',
    bad: ['VIGIL_API_KEY=vgl_live_' + 'R7kQ2mVx9Lw4Pn8Tz3Hb6Jd1Fs5Gc0Ya1DmLPc', "apiKey: 'vgl_live_" + "R7kQ2mVx9Lw4Pn8Tz3Hb6Jd1Fs5Gc0Ya1DmLPc'"],
    good: [
      // Same shape, wrong checksum.
      'VIGIL_API_KEY=vgl_live_' + 'R7kQ2mVx9Lw4Pn8Tz3Hb6Jd1Fs5Gc0Ya1DmLPd',
      'VIGIL_API_KEY=${{ secrets.VIGIL_API_KEY }}',
      'const KEY_PREFIX = "vgl_live_";',
    ],
  },
});
