import { defineRule } from '../rule.js';
import { isStandInPassword } from '../stand-ins.js';

/** Credentials in Composer's auth.json: http-basic passwords and bitbucket-oauth consumer secrets. */
export default defineRule({
  id: 'composer-auth-password',
  title: 'Credential in Composer auth.json',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['"password"', '"consumer-secret"'],
  pathPattern: /(?:^|\/)auth\.json$/,
  pattern: /"(?<key>password|consumer-secret)"\s{0,4}:\s{0,4}"(?<secret>[^"\\]{1,512})"/,
  validate: (secret, { text, offset }) => {
    if (!/"(?:http-basic|bitbucket-oauth)"/.test(text)) return false;
    const before = text.slice(Math.max(0, offset - 400), offset);
    const user = [...before.matchAll(/"username"\s{0,4}:\s{0,4}"([^"]{1,128})"/g)].at(-1)?.[1] ?? '';
    return !isStandInPassword(secret, user);
  },
  cwe: 'CWE-522',
  description:
    'Composer’s auth.json with a repository credential is committed. It signs in to the private package repository (Private Packagist, Satis, GitLab, Bitbucket, Magento Marketplace …) to download and often publish packages.',
  remediation:
    'Revoke the token or change the password at the repository, keep auth.json in the Composer home directory or pass COMPOSER_AUTH from a CI secret, add auth.json to .gitignore, and remove it from git history.',
  references: ['https://getcomposer.org/doc/articles/authentication-for-private-packages.md'],
  docs: {
    summary: 'http-basic passwords and bitbucket-oauth consumer secrets in committed auth.json files.',
    path: 'auth.json',
    bad: ['{\n  "http-basic": {\n    "repo.magento.com": {\n      "username": "3f7a9c2e5b1d4e8f",\n      "password": "' + '9d2b7e4f1a8c6e0b3d5f7a9c1e2b4d6f"\n    }\n  }\n}'],
    good: ['{"http-basic": {"repo.corp-net.io": {"username": "deploy", "password": "password"}}}', '{"password": "Gk8v' + 'Q3nZ7wLp"}'],
  },
});
