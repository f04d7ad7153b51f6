import { hasBase62Crc32Checksum } from '../checksums.js';
import { defineRule } from '../rule.js';

function decodesToPrintable(value: string): string | undefined {
  if (!/^[A-Za-z0-9+/]{4,2048}={0,2}$/.test(value) || value.replace(/=+$/, '').length % 4 === 1) return undefined;
  const text = Buffer.from(value, 'base64').toString('utf8');
  return /^[\x20-\x7e]{1,1024}$/.test(text) ? text : undefined;
}

/**
 * Registry credentials in .npmrc files: `_authToken=` (bearer token),
 * `_auth=` (base64 of user:password) and `_password=` (base64 password),
 * global or scoped to a registry (//registry.example/:_authToken=…).
 * Checksummed npm_ tokens are left to npm-access-token.
 */
export default defineRule({
  id: 'npmrc-auth-token',
  title: 'npm registry credential in .npmrc',
  severity: 'CRITICAL',
  confidence: 0.85,
  keywords: ['_auth', '_password'],
  pathPattern: /(?:^|\/)\.npmrc$/,
  pattern: /(?<![A-Za-z0-9])(?<key>_authToken|_auth|_password)\s{0,4}=\s{0,4}["']?(?<secret>[^\s"'#;]{6,2048})/,
  validate: (secret, { groups }) => {
    if (secret.includes('${')) return false;
    if (/^npm_[A-Za-z0-9]{36}$/.test(secret) && hasBase62Crc32Checksum(secret)) return false;
    if (groups.key === '_auth') {
      const decoded = decodesToPrintable(secret);
      return decoded !== undefined && /^[^:]{1,256}:.{1,512}$/.test(decoded);
    }
    if (groups.key === '_password') return decodesToPrintable(secret) !== undefined;
    return secret.length >= 16;
  },
  cwe: 'CWE-522',
  description:
    'An .npmrc file holds a registry credential (auth token, or base64 user:password). It installs private packages and, for most tokens, publishes to every package its owner maintains on that registry.',
  remediation:
    'Revoke the token at the registry (npm token revoke, or the registry’s token page), keep .npmrc free of credentials (use `_authToken=${NPM_TOKEN}` and set NPM_TOKEN from a CI secret, or ~/.npmrc outside the repository), and remove it from git history.',
  references: ['https://docs.npmjs.com/cli/v10/configuring-npm/npmrc#auth-related-configuration'],
  docs: {
    summary: '_authToken, _auth and _password values in committed .npmrc files.',
    path: '.npmrc',
    bad: [
      '//npm.pkg.corp-net.io/:_authToken=' + 'Zq8vN3kLw2Xp7RtY4mBc9HdF6jGs1a0p',
      '_auth = ' + 'ZGVwbG95OlhrN3BRMm1WdzlMejRS',
      '//registry.corp-net.io/:_password=' + 'WGs3cFEybVZ3OUx6NFI=',
    ],
    good: [
      '//registry.npmjs.org/:_authToken=${NPM_TOKEN}',
      '_auth=not-base64!',
      'registry=https://registry.npmjs.org/',
    ],
  },
});
