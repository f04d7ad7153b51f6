import { defineRule } from '../rule.js';

/** Password hashes in Apache/nginx .htpasswd files: APR1-MD5, bcrypt, {SHA} and SHA-crypt ($5$/$6$). */
export default defineRule({
  id: 'htpasswd-hash',
  title: 'Password hash in .htpasswd',
  severity: 'MEDIUM',
  confidence: 0.8,
  keywords: ['$apr1$', '$2y$', '$2a$', '$2b$', '{sha}', '$5$', '$6$'],
  pathPattern: /(?:^|\/)(?:[\w.-]{0,60}\.)?htpasswd$/,
  pattern:
    /^[ \t]{0,4}(?<user>[^:\s#]{1,255}):(?<secret>\$apr1\$[./0-9A-Za-z]{1,8}\$[./0-9A-Za-z]{22}|\$2[aby]\$\d{2}\$[./0-9A-Za-z]{53}|\{SHA\}[A-Za-z0-9+/]{27}=|\$[56]\$(?:rounds=\d{1,9}\$)?[./0-9A-Za-z]{1,16}\$[./0-9A-Za-z]{43,86})(?=[\s:]|$)/,
  cwe: 'CWE-522',
  description:
    'An htpasswd file with password hashes is committed. The hashes (MD5-based APR1 and unsalted SHA-1 are fast to crack) reveal the passwords of the HTTP basic-auth users, which are often reused elsewhere.',
  remediation:
    'Change the passwords of the listed users, generate the file at deploy time from a secret store (or use an identity provider instead of basic auth), prefer bcrypt (htpasswd -B), and remove the file from git history.',
  references: ['https://httpd.apache.org/docs/current/misc/password_encryptions.html'],
  docs: {
    summary: 'user:hash lines of committed .htpasswd files (APR1, bcrypt, {SHA}, SHA-256/512 crypt).',
    path: 'nginx/.htpasswd',
    bad: ['admin:$apr1$' + 'q7W9xLp2$Zr4Tb8Vn3Kd6Hs1Fm5Gc0/', 'ops:$2y$10$' + 'Kq7xTz2Vb9Lw4Rn8Hc3Jd.6Fs1Gm5Pa0Ye7Ku2Xq9Wb4Nz6Tr3Lh8'],
    good: ['# htpasswd -c .htpasswd admin', 'admin:$apr1$...'],
  },
});
