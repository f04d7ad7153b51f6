import { defineRule } from '../rule.js';

/** A Tencent Cloud SecretId. */
const SECRET_ID = /(?<![A-Za-z0-9_])AKID[A-Za-z0-9]{32}(?![A-Za-z0-9_])/;
const NEIGHBOUR_CHARS = 600;
/** The value is assigned to a SecretKey-style name. */
const NAMED = /secret[_-]?key["'\]]?\s{0,4}(?::=|=>|=|:)\s{0,4}["']?$/i;
/** The value is the argument after a SecretId literal. */
const POSITIONAL = /AKID[A-Za-z0-9]{32}["']\s{0,4},\s{0,4}["']$/;

/**
 * Tencent Cloud SecretKeys: 32 alphanumerics assigned to a SecretKey name on a
 * line naming Tencent or near a SecretId (AKID…), or passed right after a SecretId.
 */
export default defineRule({
  id: 'tencent-cloud-secret-key',
  title: 'Tencent Cloud SecretKey',
  severity: 'CRITICAL',
  confidence: 0.75,
  keywords: ['tencent', 'secretkey', 'secret_key', 'secret-key', 'akid'],
  pattern: /(?<![A-Za-z0-9_-])(?<secret>[A-Za-z0-9]{32})(?![A-Za-z0-9_-])/,
  minEntropy: 3.8,
  validate: (secret, { line, text, offset }) => {
    if (!/[a-z]/.test(secret) || !/[A-Z]/.test(secret) || !/[0-9]/.test(secret)) return false;
    const before = text.slice(Math.max(0, offset - 80), offset);
    // Credential("AKID…", "<key>"): the key passed right after its SecretId.
    if (POSITIONAL.test(before)) return true;
    if (!NAMED.test(before)) return false;
    return /tencent/i.test(line) || SECRET_ID.test(text.slice(Math.max(0, offset - NEIGHBOUR_CHARS), offset + NEIGHBOUR_CHARS));
  },
  description:
    'A Tencent Cloud SecretKey is committed. With its SecretId it signs API calls with every permission of the CAM user or account that owns the pair.',
  remediation:
    'Disable and delete the API key in the CAM console (API Keys), create a new one for a least-privilege sub-user or use CAM roles, and load it from environment variables or a secrets manager. Remove it from git history.',
  references: ['https://www.tencentcloud.com/document/product/598/32675'],
  docs: {
    summary: 'Tencent Cloud SecretKeys (32 characters) named as such or next to a SecretId.',
    bad: [
      'TENCENTCLOUD_SECRET_KEY=XPdhYmhQLPEpCB0W' + '2bAaJRspeeuKwZ2A',
      'secret_id = "AKID' + 'Mv6PUSGzo4KDIV4rn1myHN7BdEd5RGYg"\nsecret_key = "MFfJS3WKFTUz5zfh' + 'Lay7SUgTaspaDR33"',
      'cred = credential.Credential("AKID' + 'RUggSPAoEtpGs2xz6Qy0JWS5xXMv3QVa", "HJCvv9IxvuFktnu8' + '1SbRFd40qmmG9N7Z")',
    ],
    good: ['secret_key = "FiK0OnY6XTGk0djq' + 'TckOhUCaKpDCnX6h"', 'TENCENTCLOUD_SECRET_KEY=${TENCENT_KEY}'],
  },
});
