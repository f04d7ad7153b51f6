import { hasBase62Crc32Checksum } from '../checksums.js';
import { defineRule, TITLES } from '../rule.js';

/** GitHub's prefixed tokens: ghp_ (classic PAT), gho_ (OAuth), ghu_ (user-to-server), ghs_ (server-to-server), ghr_ (refresh). */
export default defineRule({
  id: 'github-token',
  title: TITLES.githubToken,
  severity: 'CRITICAL',
  confidence: 0.98,
  keywords: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>gh[pousr]_[A-Za-z0-9]{36})(?![A-Za-z0-9_])/,
  // The last six characters are a base62 CRC-32 of the random part: look-alikes fail it.
  validate: (secret) => hasBase62Crc32Checksum(secret),
  description:
    'A GitHub token is committed. Depending on its type and scopes it reads or writes repositories, packages, workflows and organisation settings as its owner or app installation.',
  remediation:
    'Revoke the token (Settings → Developer settings, or the OAuth/GitHub App that issued it), create a new one with the least scopes needed, and pass it through a secret store or CI secret. Remove it from git history.',
  references: ['https://github.blog/2021-04-05-behind-githubs-new-authentication-token-formats/'],
  docs: {
    summary: 'Classic personal access tokens, OAuth, user-to-server, server-to-server and refresh tokens, validated by their embedded CRC-32 checksum.',
    bad: ['GITHUB_TOKEN=ghp_' + 'Zq8vN3kLw2Xp7RtY4mBc9HdF6jGs1a0ppwFp', 'token: "ghp_' + 'Zq8vN3kLw2Xp7RtY4mBc9HdF6jGs1a0ppwFp"'],
    good: [
      // Same shape, wrong checksum.
      'GITHUB_TOKEN=ghp_' + 'Zq8vN3kLw2Xp7RtY4mBc9HdF6jGs1a0ppwFq',
      'const token = process.env.GITHUB_TOKEN; // ghp_…',
    ],
  },
});
