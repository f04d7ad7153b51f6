import { hasBase62Crc32Checksum } from '../checksums.js';
import { defineRule } from '../rule.js';

/** npm access tokens (granular and legacy automation/publish): npm_ + 30 random base62 + 6-character base62 CRC-32. */
export default defineRule({
  id: 'npm-access-token',
  title: 'npm access token',
  severity: 'CRITICAL',
  confidence: 0.95,
  keywords: ['npm_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>npm_[A-Za-z0-9]{36})(?![A-Za-z0-9_])/,
  // Same checksum scheme as GitHub's tokens: look-alikes fail it.
  validate: (secret) => hasBase62Crc32Checksum(secret),
  description:
    'An npm access token is committed. Depending on its type it reads private packages or publishes new versions of every package its owner maintains, a direct supply-chain compromise.',
  remediation:
    'Revoke the token on npmjs.com (Access Tokens) or with `npm token revoke`, create a granular token limited to the packages and IP ranges needed, and provide it through a CI secret (NPM_TOKEN referenced from .npmrc as ${NPM_TOKEN}). Remove it from git history.',
  references: ['https://docs.npmjs.com/about-access-tokens', 'https://github.blog/2021-09-23-announcing-npms-new-access-token-format/'],
  docs: {
    summary: 'npm access tokens (npm_), validated by their embedded CRC-32 checksum.',
    bad: ['//registry.npmjs.org/:_authToken=npm_' + 'Kx7Qm2Vb9Lp4Wn8Rt3Yh6Jd1Fs5Gc02UyGuY', 'NPM_TOKEN: "npm_' + 'Kx7Qm2Vb9Lp4Wn8Rt3Yh6Jd1Fs5Gc02UyGuY"'],
    good: [
      // Same shape, wrong checksum.
      'NPM_TOKEN=npm_' + 'Kx7Qm2Vb9Lp4Wn8Rt3Yh6Jd1Fs5Gc02UyGuZ',
      '//registry.npmjs.org/:_authToken=${NPM_TOKEN}',
      'const prefix = "npm_";',
    ],
  },
});
