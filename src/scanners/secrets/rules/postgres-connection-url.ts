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
 * PostgreSQL URLs with an inline password: postgres://user:password@host,
 * postgresql+driver://…, and JDBC / libpq URLs with a password= parameter.
 * Loopback and compose-service hosts are left to local-service-url-password.
 */
export default defineRule({
  id: 'postgres-connection-url',
  title: 'PostgreSQL connection URL with password',
  severity: 'CRITICAL',
  confidence: 0.8,
  keywords: ['postgres', 'postgis', 'pgsql'],
  pattern:
    /(?<![A-Za-z0-9+.-])(?<scheme>(?:postgres(?:ql)?|postgis|pgsql)(?:\+[a-z0-9]{2,20})?):\/\/(?:(?<phost>\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9._-]{1,253})(?=[:/;?,])[^\s'"`<>]{0,300}?[?&;](?:password|pwd)=|(?<user>[^\s:@/?#'"`<>]{0,128}):)(?<secret>[^\s'"`<>]{1,128}?)(?:@(?<host>\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9._-]{1,253})(?=[\s/:?#'"`,;)\]}>]|$)|(?<=[?&;](?:password|pwd)=[^\s'"`<>&;]{1,128})(?=[&;\s'"`)\]}>]|$))/i,
  validate: (secret, { groups }) => {
    const host = groups.phost ?? groups.host ?? '';
    // In user:password@host form the password ends at the authority: a / ? or # means a path was taken for it.
    if (groups.phost === undefined && /[/?#]/.test(secret)) return false;
    if (DOC_HOST.test(host) || isLocalHost(host)) return false;
    // On a reachable host a password equal to the user name is still a real (weak) credential.
    return !isStandInPassword(secret, '');
  },
  cwe: 'CWE-798',
  description:
    'A PostgreSQL connection URL with an inline password is committed. Anyone who can reach the server logs in as that role and reads or changes the data it may access.',
  remediation:
    'Change the role’s password (ALTER ROLE … PASSWORD) or rotate it in your managed database console, read the URL from an environment variable or secret manager (DATABASE_URL), and remove the committed value from git history.',
  references: ['https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING-URIS'],
  docs: {
    summary: 'postgres://, postgresql:// (with +driver) and jdbc:postgresql:// URLs whose password is written inline, on non-local hosts.',
    ng: [
      'DATABASE_URL=postgres://app_user:Xk7p' + 'Q2mVw9Lz4R@db-prod.c9akciq32.eu-west-1.rds.amazonaws.com:5432/app',
      'jdbc:postgresql://pg.corp-internal.net:5432/orders?user=orders&pass' + 'word=Hq8vL2nPz5Tw3K&ssl=true',
      "engine = create_engine('postgresql+psycopg2://etl:q7W%40x" + "9Lp2Zr@10.20.3.4/warehouse')",
    ],
    ok: [
      'postgres://user:password@db.corp-internal.net:5432/app',
      'DATABASE_URL=postgres://postgres:${POSTGRES_PASSWORD}@db.corp-internal.net/app',
      'postgres://db.corp-internal.net:5432/app?sslmode=require',
      'postgres://app:Xk7p' + 'Q2mVw9Lz4R@localhost:5432/app',
      'postgresql://johndoe:randompassword@pg.example.com:5432/mydb',
    ],
  },
});
