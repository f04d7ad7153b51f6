import { defineRule } from '../rule.js';
import { DOC_HOST, isLocalHost, isStandInPassword } from '../stand-ins.js';

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
  description:
    'A database, broker, mail or directory URL with an inline password is committed, pointing at a local or container host. Such values are usually for development, but they are frequently reused on shared or production systems and reveal the account names in use.',
  remediation:
    'If the password is used anywhere beyond a throw-away local container, change it. Read connection URLs from an environment variable or an untracked .env file, keep only placeholders in the repository, and remove real values from git history.',
  docs: {
    summary: 'Passwords in postgres://, mysql://, mongodb://, redis://, amqp://, sqlserver://, smtp:// and ldap:// URLs on localhost, 127.0.0.1, host.docker.internal or compose-service hosts.',
    bad: [
      'DATABASE_URL=postgres://app:Xk7p' + 'Q2mVw9Lz4R@localhost:5432/app',
      'REDIS_URL=redis://:Tq9v' + 'W2xLp7Kz4N@redis:6379/0',
      'jdbc:mysql://127.0.0.1:3306/shop?user=shop&pass' + 'word=Vr4tYq8Nc2Lm7P',
    ],
    good: [
      'DATABASE_URL=postgres://postgres:postgres@localhost:5432/app',
      'DATABASE_URL=postgres://app:${DB_PASSWORD}@db:5432/app',
      'DATABASE_URL=postgres://app:Xk7p' + 'Q2mVw9Lz4R@db-prod.corp-net.io:5432/app',
      'postgres://localhost:5432/app',
    ],
  },
});
