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
 * LDAP URLs with a bind password in the authority:
 * ldap://cn=svc,dc=corp:password@host. Local hosts are left to
 * local-service-url-password.
 */
export default defineRule({
  id: 'ldap-bind-password',
  title: 'LDAP URL with bind password',
  severity: 'HIGH',
  confidence: 0.7,
  keywords: ['ldap'],
  pattern:
    /(?<![A-Za-z0-9+.-])(?<scheme>(?:ldaps?|ldapi)(?:\+[a-z0-9]{2,20})?):\/\/(?<user>[^\s:@/?#'"`<>]{0,128}):(?<secret>[^\s'"`<>]{1,128}?)@(?<host>\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9._-]{1,253})(?=[\s/:?#'"`,;)\]}>]|$)/i,
  validate: (secret, { groups }) => {
    const host = groups.host ?? '';
    if (/[/?#]/.test(secret)) return false;
    if (DOC_HOST.test(host) || isLocalHost(host)) return false;
    // On a reachable host a password equal to the user name is still a real (weak) credential.
    return !isStandInPassword(secret, '');
  },
  cwe: 'CWE-798',
  description:
    'An LDAP URL carrying a bind DN and password is committed. The account can search the directory (users, groups, e-mail addresses, sometimes password hashes) and, for privileged service accounts, modify it.',
  remediation:
    'Change the bind account’s password in the directory, read the bind credentials from an environment variable or secret manager, and remove the committed value from git history.',
  references: ['https://www.rfc-editor.org/rfc/rfc4516'],
  docs: {
    summary: 'ldap://, ldaps:// and ldapi:// URLs with user:password@ credentials, on non-local hosts.',
    ng: [
      'LDAP_URL=ldaps://cn=svc-ldap,ou=apps,dc=corp,dc=io:Pq7' + 'vZ2kW9xL@ldap.corp-net.io:636',
      'ldap://binduser:Mt3' + 'xK8qN5wR@dc01.ad.corp-net.io:389',
    ],
    ok: [
      'ldap://cn=admin,dc=corp,dc=io:admin@ldap.corp-net.io',
      'ldap://ldap.corp-net.io:389/dc=corp,dc=io',
      'ldap://binduser:Mt3' + 'xK8qN5wR@openldap:389',
    ],
  },
});
