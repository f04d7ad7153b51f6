import { connectionUrlRule } from '../connection-url.js';

/**
 * SQL Server URLs with an inline password: sqlserver://user:password@host,
 * mssql+pyodbc://…, and jdbc:sqlserver / Prisma sqlserver:// URLs with a
 * ;password= property. Local hosts are left to local-service-url-password.
 */
export default connectionUrlRule({
  id: 'mssql-connection-url',
  title: 'SQL Server connection URL with password',
  severity: 'CRITICAL',
  confidence: 0.8,
  keywords: ['sqlserver', 'mssql'],
  schemes: 'sqlserver|mssql',
  parameter: true,
  prefix: '(?:jdbc:(?:jtds:)?)?',
  description:
    'A SQL Server connection URL with an inline password is committed. Anyone who can reach the server logs in as that login (often sa) and reads or changes the databases it may access.',
  remediation:
    'Change the login’s password (ALTER LOGIN … WITH PASSWORD, or the Azure SQL console), read the connection string from an environment variable or secret manager (or use managed identities), and remove the committed value from git history.',
  references: ['https://learn.microsoft.com/en-us/sql/connect/jdbc/building-the-connection-url'],
  docs: {
    summary: 'sqlserver://, mssql(+driver):// and jdbc:sqlserver:// URLs whose password is written inline, on non-local hosts.',
    bad: [
      'jdbc:sqlserver://sql01.corp-net.io:1433;databaseName=erp;user=erp_app;pass' + 'word=Gk8vQ3nZ7wLp;encrypt=true',
      'DATABASE_URL="sqlserver://mydb.database.windows.net:1433;database=app;user=app;pass' + 'word=Rb5xT9qW2mK;encrypt=true"',
      'mssql+pyodbc://etl:Zw6' + 'pK3vN8qT@sql02.corp-net.io/dw?driver=ODBC+Driver+18+for+SQL+Server',
    ],
    good: [
      'jdbc:sqlserver://sql01.corp-net.io:1433;databaseName=erp;user=sa;password=<password>',
      'jdbc:sqlserver://sql01.corp-net.io:1433;databaseName=erp;integratedSecurity=true',
      'sqlserver://sa:Rb5' + 'xT9qW2mK@localhost:1433',
    ],
  },
});
