import { defineRule } from '../rule.js';
import { DOC_HOST, isLocalHost, isStandInPassword } from '../stand-ins.js';

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
    bad: [
      'DATABASE_URL=postgres://app_user:Xk7p' + 'Q2mVw9Lz4R@db-prod.c9akciq32.eu-west-1.rds.amazonaws.com:5432/app',
      'jdbc:postgresql://pg.corp-internal.net:5432/orders?user=orders&pass' + 'word=Hq8vL2nPz5Tw3K&ssl=true',
      "engine = create_engine('postgresql+psycopg2://etl:q7W%40x" + "9Lp2Zr@10.20.3.4/warehouse')",
    ],
    good: [
      'postgres://user:password@db.corp-internal.net:5432/app',
      'DATABASE_URL=postgres://postgres:${POSTGRES_PASSWORD}@db.corp-internal.net/app',
      'postgres://db.corp-internal.net:5432/app?sslmode=require',
      'postgres://app:Xk7p' + 'Q2mVw9Lz4R@localhost:5432/app',
      'postgresql://johndoe:randompassword@pg.example.com:5432/mydb',
    ],
  },
});
