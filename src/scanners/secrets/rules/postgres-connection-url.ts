import { connectionUrlRule } from '../connection-url.js';

/**
 * PostgreSQL URLs with an inline password: postgres://user:password@host,
 * postgresql+driver://…, and JDBC / libpq URLs with a password= parameter.
 * Loopback and compose-service hosts are left to local-service-url-password.
 */
export default connectionUrlRule({
  id: 'postgres-connection-url',
  title: 'PostgreSQL connection URL with password',
  severity: 'CRITICAL',
  confidence: 0.8,
  keywords: ['postgres', 'postgis', 'pgsql'],
  schemes: 'postgres(?:ql)?|postgis|pgsql',
  parameter: true,
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
