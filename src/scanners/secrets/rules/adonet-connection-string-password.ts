import { defineRule } from '../rule.js';
import { isStandInPassword } from '../stand-ins.js';

/** Keys that name the server and the account in key=value connection strings. */
const SERVER_KEY = /(?:^|[;'"\s])(?:server|data source|host|addr|address|network address)\s{0,2}=/i;
const ACCOUNT_KEY = /(?:^|[;'"\s])(?:user id|userid|uid|user|username|database|initial catalog|dbname)\s{0,2}=\s{0,2}([^;'"\s]{0,128})/i;

/**
 * Passwords in key=value connection strings: ADO.NET / SqlClient, Npgsql,
 * MySqlConnector and ODBC (Server=…;User Id=…;Password=…;) and libpq
 * (host=… user=… password=…).
 */
export default defineRule({
  id: 'adonet-connection-string-password',
  title: 'Database connection string password',
  severity: 'HIGH',
  confidence: 0.7,
  keywords: ['server=', 'data source=', 'host='],
  pattern: /(?<![A-Za-z0-9_.-])(?:password|pwd)\s{0,2}=\s{0,2}(?<q>['"]?)(?<secret>[^;'"\s]{1,128})\k<q>(?=\s{0,2}(?:[;'"]|$)|\s)/i,
  validate: (secret, { line }) => {
    if (!SERVER_KEY.test(line)) return false;
    const account = ACCOUNT_KEY.exec(line);
    if (!account) return false;
    const user = /(?:user id|userid|uid|user|username)\s{0,2}=\s{0,2}([^;'"\s]{1,128})/i.exec(line)?.[1] ?? '';
    return !isStandInPassword(secret, user);
  },
  description:
    'A database connection string with a password is committed. Anyone who can reach the server logs in with that account and reads or changes the data it may access.',
  remediation:
    'Change the account’s password, keep connection strings in user secrets, environment variables or a vault (or use integrated / managed identity authentication), and remove the committed value from git history.',
  references: ['https://learn.microsoft.com/en-us/dotnet/framework/data/adonet/connection-string-syntax'],
  docs: {
    summary: 'Password= / Pwd= values in Server=…;User Id=… and host=… user=… connection strings.',
    bad: [
      '"DefaultConnection": "Server=sql01.corp-net.io;Database=Erp;User Id=erp_app;Password=' + 'Gk8vQ3nZ7wLp;TrustServerCertificate=True"',
      'conn = psycopg2.connect("host=pg.corp-net.io dbname=app user=app password=' + 'Vr4tYq8Nc2Lm7P")',
    ],
    good: [
      '"DefaultConnection": "Server=(localdb)\\\\mssqllocaldb;Database=Erp;Trusted_Connection=True"',
      '"DefaultConnection": "Server=sql01.corp-net.io;Database=Erp;User Id=sa;Password=<password>;"',
      'https://corp-net.io/login?host=a&user=b&password=' + 'Gk8vQ3nZ7wLp',
    ],
  },
});
