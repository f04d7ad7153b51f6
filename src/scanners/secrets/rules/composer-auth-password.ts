import { defineRule } from '../rule.js';

/** Passwords that stand in for a real one in docs, templates and defaults (lower case, optionally de-leeted). */
const STAND_IN =
  /^(?:my|db|app|the|some|new|your|proxy|user|admin|root|super|default|dev|test|local)?[_-]?(?:pass|pwd|pw|passw|pass(?:word|wd|wort)|secret|secure|admin|root|user|test|guest|demo|dev|default|changeit|letmein|qwerty|abc|foo|bar|baz|xyz|hunter|tiger|foobared|sesame|wordpress|login|private|token|key|none|null|empty|redis|mongo|postgres|mysql|mariadb|rabbit(?:mq)?|mail|smtp|ldap|sa)[_-]?(?:pass|pwd|pw|word)?[_-]?\d{0,6}!?$/;

function deleet(value: string): string {
  return value.toLowerCase().replace(/@/g, 'a').replace(/0/g, 'o').replace(/[1!]/g, 'i').replace(/3/g, 'e').replace(/[$5]/g, 's').replace(/4/g, 'a');
}

/** True for passwords that are templates, masks, defaults or documentation stand-ins. */
function isStandInPassword(password: string, user: string): boolean {
  let value = password;
  try {
    value = decodeURIComponent(password);
  } catch {
    // Not percent-encoded: keep it as written.
  }
  const lower = value.toLowerCase();
  if (value.length < 4 || lower === user.toLowerCase() || /^anonymous$/i.test(user)) return true;
  // Templates and masks: $VAR, ${VAR}, $(cmd), %(name)s, {name}, [password], ***.
  if (/\$[{(A-Za-z_]|%(?![0-9A-Fa-f]{2})|\{[A-Za-z_][\w.-]{0,60}\}|^\[.{0,128}\]$|\*{3}/.test(password)) return true;
  // A bare short word, words joined by _, - or spaces (db_pass, PASSWORD_HERE), digit runs, port-like numbers.
  if (/^[A-Za-z]{1,6}$/.test(value) || /^[A-Za-z]{1,30}(?:[ _-][A-Za-z]{1,30}){1,6}$/.test(value) || /^(?:0?1234\d{0,6}|(\d)\1{2,12}|\d{1,5})$/.test(value)) return true;
  const plain = deleet(value);
  return /passw(?:or)?d|passwort/.test(plain) || STAND_IN.test(lower) || STAND_IN.test(plain);
}

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
    ng: ['{\n  "http-basic": {\n    "repo.magento.com": {\n      "username": "3f7a9c2e5b1d4e8f",\n      "password": "' + '9d2b7e4f1a8c6e0b3d5f7a9c1e2b4d6f"\n    }\n  }\n}'],
    ok: ['{"http-basic": {"repo.corp-net.io": {"username": "deploy", "password": "password"}}}', '{"password": "Gk8v' + 'Q3nZ7wLp"}'],
  },
});
