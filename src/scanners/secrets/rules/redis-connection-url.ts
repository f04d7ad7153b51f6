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
 * Redis URLs with a password: redis://:password@host, redis://user:password@host
 * and rediss:// (TLS). Local hosts are left to local-service-url-password.
 */
export default defineRule({
  id: 'redis-connection-url',
  title: 'Redis connection URL with password',
  severity: 'HIGH',
  confidence: 0.75,
  keywords: ['redis'],
  pattern:
    /(?<![A-Za-z0-9+.-])(?<scheme>(?:rediss?)(?:\+[a-z0-9]{2,20})?):\/\/(?<user>[^\s:@/?#'"`<>]{0,128}):(?<secret>[^\s'"`<>]{1,128}?)@(?<host>\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9._-]{1,253})(?=[\s/:?#'"`,;)\]}>]|$)/i,
  validate: (secret, { groups }) => {
    const host = groups.host ?? '';
    if (/[/?#]/.test(secret)) return false;
    if (DOC_HOST.test(host) || isLocalHost(host)) return false;
    // On a reachable host a password equal to the user name is still a real (weak) credential.
    return !isStandInPassword(secret, '');
  },
  cwe: 'CWE-798',
  description:
    'A Redis connection URL with a password is committed. Anyone who can reach the server reads and writes every key (sessions, caches, queues) and, with enough rights, runs server commands.',
  remediation:
    'Change the password (requirepass or ACL SETUSER, or your managed Redis console), read the URL from an environment variable or secret manager, and remove the committed value from git history.',
  references: ['https://www.iana.org/assignments/uri-schemes/prov/redis'],
  docs: {
    summary: 'redis:// and rediss:// URLs whose password is written inline, on non-local hosts.',
    ng: [
      'REDIS_URL=redis://:Tq9v' + 'W2xLp7Kz4N@cache-prod.x7k2pq.ng.0001.euw1.cache.amazonaws.com:6379/0',
      'rediss://default:Hk4' + 'nZ8wQ3rV6@eu1-nice-fox-31337.upstash.io:6379',
    ],
    ok: [
      'redis://:password@redis.corp-net.io:6379',
      'REDIS_URL=redis://:${REDIS_PASSWORD}@redis.corp-net.io:6379',
      'redis://redis.corp-net.io:6379/0',
      'redis://:Tq9v' + 'W2xLp7Kz4N@redis:6379/0',
    ],
  },
});
