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

/** Documentation and template hosts. */
const DOC_HOST = /example|yourdomain|your-?host|mydomain|(?:^|\.)(?:test|invalid)$|^(?:domain|host|hostname|server|company|mycompany|acme)\.(?:com|org|net|io)$/i;

/**
 * A catch-all for user:password@ credentials in http(s), ftp, sftp, ws(s),
 * ssh, git, svn, smb, rsync, rtsp, WebDAV and SOCKS URLs (registry and git
 * remotes, proxies, webhooks). Silent where a specific rule reports the value.
 */
export default defineRule({
  id: 'url-embedded-credentials',
  title: 'Credentials in URL',
  severity: 'MEDIUM',
  confidence: 0.5,
  generic: true,
  keywords: ['://'],
  pattern:
    /(?<![A-Za-z0-9+.-])(?<scheme>(?:https?|s?ftps?|ftpes|wss?|ssh|git|svn|smb|rsync|rtsp|davs?|webdavs?|socks[45]h?)(?:\+[a-z0-9]{2,20})?):\/\/(?<user>[^\s:@/?#'"`<>]{0,128}):(?<secret>[^\s'"`<>]{1,128}?)@(?<host>\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9._-]{1,253})(?=[\s/:?#'"`,;)\]}>]|$)/i,
  validate: (secret, { groups, path }) => {
    const host = groups.host ?? '';
    if (/[/?#]/.test(secret)) return false;
    // .git-credentials lines are git-credentials-file's.
    if (DOC_HOST.test(host) || /(?:^|\/)\.?git-credentials$/.test(path)) return false;
    return !isStandInPassword(secret, groups.user ?? '');
  },
  cwe: 'CWE-798',
  description:
    'A URL with an embedded user name and password (or token) is committed. Whoever reads it can sign in to that service (a git host, package registry, proxy or web endpoint) with the same rights.',
  remediation:
    'Revoke or change the credential at the service, pass credentials through a credential helper, environment variable or secret store instead of the URL, and remove the committed value from git history.',
  references: ['https://www.rfc-editor.org/rfc/rfc3986#section-3.2.1'],
  docs: {
    summary: 'http(s)://, ftp://, ssh://, git://, ws:// and similar URLs with user:password@ credentials.',
    ng: [
      'git remote add origin https://deploy:Kx8' + 'vQ2mZ7pL4w@git.corp-net.io/platform/api.git',
      'HTTPS_PROXY=http://svc-proxy:Rt5' + 'nW9qZ2xK@proxy.corp-net.io:3128',
      'ftp://backup:Jq4' + 'zP8vL3mT@files.corp-net.io/nightly/',
    ],
    ok: [
      'https://user:pass@registry.corp-net.io/',
      'git clone https://${GIT_USER}:${GIT_TOKEN}@github.com/org/repo.git',
      'https://x-access-token:${{ secrets.GITHUB_TOKEN }}@github.com/org/repo.git',
      'http://localhost:8080/login?next=/home@top',
      'https://username:password@example.com/path',
    ],
  },
});
