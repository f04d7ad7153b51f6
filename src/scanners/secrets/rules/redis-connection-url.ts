import { connectionUrlRule } from '../connection-url.js';

/**
 * Redis URLs with a password: redis://:password@host, redis://user:password@host
 * and rediss:// (TLS). Local hosts are left to local-service-url-password.
 */
export default connectionUrlRule({
  id: 'redis-connection-url',
  title: 'Redis connection URL with password',
  severity: 'HIGH',
  confidence: 0.75,
  keywords: ['redis'],
  schemes: 'rediss?',
  description:
    'A Redis connection URL with a password is committed. Anyone who can reach the server reads and writes every key (sessions, caches, queues) and, with enough rights, runs server commands.',
  remediation:
    'Change the password (requirepass or ACL SETUSER, or your managed Redis console), read the URL from an environment variable or secret manager, and remove the committed value from git history.',
  references: ['https://www.iana.org/assignments/uri-schemes/prov/redis'],
  docs: {
    summary: 'redis:// and rediss:// URLs whose password is written inline, on non-local hosts.',
    bad: [
      'REDIS_URL=redis://:Tq9v' + 'W2xLp7Kz4N@cache-prod.x7k2pq.ng.0001.euw1.cache.amazonaws.com:6379/0',
      'rediss://default:Hk4' + 'nZ8wQ3rV6@eu1-nice-fox-31337.upstash.io:6379',
    ],
    good: [
      'redis://:password@redis.corp-net.io:6379',
      'REDIS_URL=redis://:${REDIS_PASSWORD}@redis.corp-net.io:6379',
      'redis://redis.corp-net.io:6379/0',
      'redis://:Tq9v' + 'W2xLp7Kz4N@redis:6379/0',
    ],
  },
});
