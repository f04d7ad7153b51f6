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
 * SQL Server URLs with an inline password: sqlserver://user:password@host,
 * mssql+pyodbc://…, and jdbc:sqlserver / Prisma sqlserver:// URLs with a
 * ;password= property. Local hosts are left to local-service-url-password.
 */
export default defineRule({
  id: 'mssql-connection-url',
  title: 'SQL Server connection URL with password',
  severity: 'CRITICAL',
  confidence: 0.8,
  keywords: ['sqlserver', 'mssql'],
  pattern:
    /(?<![A-Za-z0-9+.-])(?:jdbc:(?:jtds:)?)?(?<scheme>(?:sqlserver|mssql)(?:\+[a-z0-9]{2,20})?):\/\/(?:(?<phost>\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9._-]{1,253})(?=[:/;?,])[^\s'"`<>]{0,300}?[?&;](?:password|pwd)=|(?<user>[^\s:@/?#'"`<>]{0,128}):)(?<secret>[^\s'"`<>]{1,128}?)(?:@(?<host>\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9._-]{1,253})(?=[\s/:?#'"`,;)\]}>]|$)|(?<=[?&;](?:password|pwd)=[^\s'"`<>&;]{1,128})(?=[&;\s'"`)\]}>]|$))/i,
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
    'A SQL Server connection URL with an inline password is committed. Anyone who can reach the server logs in as that login (often sa) and reads or changes the databases it may access.',
  remediation:
    'Change the login’s password (ALTER LOGIN … WITH PASSWORD, or the Azure SQL console), read the connection string from an environment variable or secret manager (or use managed identities), and remove the committed value from git history.',
  references: ['https://learn.microsoft.com/en-us/sql/connect/jdbc/building-the-connection-url'],
  docs: {
    summary: 'sqlserver://, mssql(+driver):// and jdbc:sqlserver:// URLs whose password is written inline, on non-local hosts.',
    ng: [
      'jdbc:sqlserver://sql01.corp-net.io:1433;databaseName=erp;user=erp_app;pass' + 'word=Gk8vQ3nZ7wLp;encrypt=true',
      'DATABASE_URL="sqlserver://mydb.database.windows.net:1433;database=app;user=app;pass' + 'word=Rb5xT9qW2mK;encrypt=true"',
      'mssql+pyodbc://etl:Zw6' + 'pK3vN8qT@sql02.corp-net.io/dw?driver=ODBC+Driver+18+for+SQL+Server',
    ],
    ok: [
      'jdbc:sqlserver://sql01.corp-net.io:1433;databaseName=erp;user=sa;password=<password>',
      'jdbc:sqlserver://sql01.corp-net.io:1433;databaseName=erp;integratedSecurity=true',
      'sqlserver://sa:Rb5' + 'xT9qW2mK@localhost:1433',
    ],
  },
});
