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

/** Loopback, Docker and single-label (compose service, "db", "redis") hosts. */
function isLocalHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1' || h === '0.0.0.0' || h === 'host.docker.internal') return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h.endsWith('.localhost') || h.endsWith('.local')) return true;
  return !h.includes('.') && !h.includes(':');
}

/**
 * Database, broker, mail and directory URLs with an inline password whose
 * host is loopback, Docker's host alias or a single-label name (a compose
 * service such as "db" or "redis"). Usually development settings, so lower
 * severity and confidence; but the same passwords often reach production.
 */
export default defineRule({
  id: 'local-service-url-password',
  title: 'Password in a local service URL',
  severity: 'MEDIUM',
  confidence: 0.45,
  keywords: ['postgres', 'postgis', 'pgsql', 'mysql', 'mariadb', 'mongodb', 'redis', 'amqp', 'sqlserver', 'mssql', 'smtp', 'ldap'],
  pattern:
    /(?<![A-Za-z0-9+.-])(?:jdbc:(?:jtds:)?)?(?<scheme>(?:postgres(?:ql)?|postgis|pgsql|mysql(?:x|2)?|mariadb|mongodb|rediss?|amqps?|sqlserver|mssql|smtps?|ldaps?|ldapi)(?:\+[a-z0-9]{2,20})?):\/\/(?:(?<phost>\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9._-]{1,253})(?=[:/;?,])[^\s'"`<>]{0,300}?[?&;](?:password|pwd)=|(?<user>[^\s:@/?#'"`<>]{0,128}):)(?<secret>[^\s'"`<>]{1,128}?)(?:@(?<host>\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9._-]{1,253})(?=[\s/:?#'"`,;)\]}>]|$)|(?<=[?&;](?:password|pwd)=[^\s'"`<>&;]{1,128})(?=[&;\s'"`)\]}>]|$))/i,
  validate: (secret, { groups, line }) => {
    const host = groups.phost ?? groups.host ?? '';
    // In user:password@host form the password ends at the authority: a / ? or # means a path was taken for it.
    if (groups.phost === undefined && /[/?#]/.test(secret)) return false;
    if (DOC_HOST.test(host) || !isLocalHost(host)) return false;
    const user = groups.user ?? /[?&;]user(?:name)?=([^&;\s'"]{1,128})/i.exec(line)?.[1] ?? '';
    return !isStandInPassword(secret, user);
  },
  cwe: 'CWE-798',
  description:
    'A database, broker, mail or directory URL with an inline password is committed, pointing at a local or container host. Such values are usually for development, but they are frequently reused on shared or production systems and reveal the account names in use.',
  remediation:
    'If the password is used anywhere beyond a throw-away local container, change it. Read connection URLs from an environment variable or an untracked .env file, keep only placeholders in the repository, and remove real values from git history.',
  docs: {
    summary: 'Passwords in postgres://, mysql://, mongodb://, redis://, amqp://, sqlserver://, smtp:// and ldap:// URLs on localhost, 127.0.0.1, host.docker.internal or compose-service hosts.',
    ng: [
      'DATABASE_URL=postgres://app:Xk7p' + 'Q2mVw9Lz4R@localhost:5432/app',
      'REDIS_URL=redis://:Tq9v' + 'W2xLp7Kz4N@redis:6379/0',
      'jdbc:mysql://127.0.0.1:3306/shop?user=shop&pass' + 'word=Vr4tYq8Nc2Lm7P',
    ],
    ok: [
      'DATABASE_URL=postgres://postgres:postgres@localhost:5432/app',
      'DATABASE_URL=postgres://app:${DB_PASSWORD}@db:5432/app',
      'DATABASE_URL=postgres://app:Xk7p' + 'Q2mVw9Lz4R@db-prod.corp-net.io:5432/app',
      'postgres://localhost:5432/app',
    ],
  },
});
