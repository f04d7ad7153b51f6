import { defineRule } from '../rule.js';
import { DOC_HOST, isStandInPassword } from '../stand-ins.js';

/** Database, broker and mail schemes: their own rules report these URLs and judge local hosts. */
const OWN_RULE_SCHEME = /^(?:jdbc|postgres|postgresql|postgis|pgsql|mysql|mysqlx|mysql2|mariadb|mongodb|redis|rediss|amqp|amqps|sqlserver|mssql|smtp|smtps|ldap|ldaps|ldapi)(?:\+|$)/i;

/**
 * A catch-all for user:password@ credentials in URLs of any scheme (http(s),
 * ftp, ssh, git, svn, smb, WebDAV, SOCKS, nats, kafka, mqtt, s3 …: registry
 * and git remotes, proxies, brokers, webhooks). The database, broker and mail
 * schemes are left to their own rules, which also judge local hosts. Silent
 * where a specific rule reports the value.
 */
export default defineRule({
  id: 'url-embedded-credentials',
  title: 'Credentials in URL',
  severity: 'MEDIUM',
  confidence: 0.5,
  generic: true,
  keywords: ['://'],
  // Tried once at each `://`; the scheme before it is read by the lookbehind.
  anchored: true,
  pattern:
    /(?<=(?<![A-Za-z0-9+.-])(?<scheme>[A-Za-z][A-Za-z0-9.+-]{1,40})):\/\/(?<user>[^\s:@/?#'"`<>]{0,128}):(?<secret>[^\s'"`<>]{1,128}?)@(?<host>\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9._-]{1,253})(?=[\s/:?#'"`,;)\]}>]|$)/i,
  validate: (secret, { groups, path }) => {
    const host = groups.host ?? '';
    if (OWN_RULE_SCHEME.test(groups.scheme ?? '')) return false;
    // A second ':' is not a password (CVS's `:pserver:user@host`); a real one would be percent-encoded.
    if (/[/?#:]/.test(secret)) return false;
    // .git-credentials lines are git-credentials-file's.
    if (DOC_HOST.test(host) || /(?:^|\/)\.?git-credentials$/.test(path)) return false;
    return !isStandInPassword(secret, groups.user ?? '');
  },
  description:
    'A URL with an embedded user name and password (or token) is committed. Whoever reads it can sign in to that service (a git host, package registry, proxy or web endpoint) with the same rights.',
  remediation:
    'Revoke or change the credential at the service, pass credentials through a credential helper, environment variable or secret store instead of the URL, and remove the committed value from git history.',
  references: ['https://www.rfc-editor.org/rfc/rfc3986#section-3.2.1'],
  docs: {
    summary: 'URLs of any scheme (http(s)://, ftp://, ssh://, git://, nats://, mqtt:// …) with user:password@ credentials; database, broker and mail URLs have their own rules.',
    bad: [
      'git remote add origin https://deploy:Kx8' + 'vQ2mZ7pL4w@git.corp-net.io/platform/api.git',
      'HTTPS_PROXY=http://svc-proxy:Rt5' + 'nW9qZ2xK@proxy.corp-net.io:3128',
      'ftp://backup:Jq4' + 'zP8vL3mT@files.corp-net.io/nightly/',
      'NATS_URL=nats://orders:Vb9' + 'Kp4Wn8Rt3@nats.corp-net.io:4222',
    ],
    good: [
      'https://user:pass@registry.corp-net.io/',
      'git clone https://${GIT_USER}:${GIT_TOKEN}@github.com/org/repo.git',
      'https://x-access-token:${{ secrets.GITHUB_TOKEN }}@github.com/org/repo.git',
      'http://localhost:8080/login?next=/home@top',
      'https://username:password@example.com/path',
      'cvs -d cvs://:pserver:anoncvs@sources.corp-net.io:/cvs/src co binutils',
    ],
  },
});
