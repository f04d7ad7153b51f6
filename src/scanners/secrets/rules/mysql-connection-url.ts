import { connectionUrlRule } from '../connection-url.js';

/**
 * MySQL and MariaDB URLs with an inline password: mysql://user:password@host,
 * mysql+pymysql://…, mariadb://…, and jdbc:mysql / jdbc:mariadb URLs with a
 * password= parameter. Local hosts are left to local-service-url-password.
 */
export default connectionUrlRule({
  id: 'mysql-connection-url',
  title: 'MySQL connection URL with password',
  severity: 'CRITICAL',
  confidence: 0.8,
  keywords: ['mysql', 'mariadb'],
  schemes: 'mysql(?:x|2)?|mariadb',
  parameter: true,
  description:
    'A MySQL or MariaDB connection URL with an inline password is committed. Anyone who can reach the server logs in as that account and reads or changes the data it may access.',
  remediation:
    'Change the account’s password (ALTER USER … IDENTIFIED BY) or rotate it in your managed database console, read the URL from an environment variable or secret manager, and remove the committed value from git history.',
  references: ['https://dev.mysql.com/doc/connector-j/en/connector-j-reference-jdbc-url-format.html'],
  docs: {
    summary: 'mysql://, mysql+driver://, mariadb:// and jdbc:mysql:// URLs whose password is written inline, on non-local hosts.',
    bad: [
      'DATABASE_URL=mysql://shop:Vr4t' + 'Yq8Nc2Lm7P@mysql-1.prod.corp-net.io:3306/shop',
      "SQLALCHEMY_DATABASE_URI = 'mysql+pymysql://report:Zb3" + "kW9qT5xH@10.0.12.7/reports'",
      'url: jdbc:mysql://db.corp-net.io:3306/crm?user=crm&pass' + 'word=Wd6pR2zK8vLq&useSSL=true',
    ],
    good: [
      'mysql://root:root@db.corp-net.io:3306/app',
      'mysql://user:pass@db.corp-net.io/app',
      'DATABASE_URL=mysql://app:${MYSQL_PASSWORD}@db.corp-net.io/app',
      'mysql://shop:Vr4t' + 'Yq8Nc2Lm7P@127.0.0.1:3306/shop',
    ],
  },
});
