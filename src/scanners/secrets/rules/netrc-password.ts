import { defineRule } from '../rule.js';

/** Passwords in .netrc / _netrc files (read by curl, git, ftp, pip, Heroku CLI and others). */
export default defineRule({
  id: 'netrc-password',
  title: 'Password in .netrc',
  severity: 'HIGH',
  confidence: 0.85,
  // A catch-all for the file: silent where a token rule (GitHub, GitLab …) reports the same value.
  generic: true,
  keywords: ['password'],
  pathPattern: /(?:^|\/)[._]?netrc$/,
  pattern: /(?<![A-Za-z0-9_-])password[ \t]{1,8}(?<q>["']?)(?<secret>[^\s"']{4,512})\k<q>/,
  validate: (secret) => !/^\$[{(A-Za-z_]/.test(secret),
  cwe: 'CWE-522',
  description:
    'A .netrc file with a password or token is committed. Tools such as curl, git, pip and ftp send it automatically to the listed machine, and anyone who reads the file can sign in there too.',
  remediation:
    'Change the password or revoke the token at each machine listed, keep .netrc in your home directory only (mode 600) or use a credential helper, and remove the file from git history.',
  references: ['https://everything.curl.dev/usingcurl/netrc.html'],
  docs: {
    summary: 'password tokens of committed .netrc and _netrc files.',
    path: '.netrc',
    bad: ['machine api.heroku.com\n  login ops@corp-net.io\n  password ' + 'c3f9a1e7-4b2d-' + '4e8f-9a6c-2d7b5e1f8a3c', 'machine files.corp-net.io login backup password ' + 'Jq4zP8vL3mT'],
    good: ['machine files.corp-net.io login backup password $NETRC_PASSWORD', 'machine files.corp-net.io login backup'],
  },
});
