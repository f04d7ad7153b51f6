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

/**
 * HTTP Basic credentials written out: `Authorization: Basic <base64>` in
 * code, curl commands, HTTP files and configuration. The value is decoded and
 * must be a printable user:password pair with a real-looking password.
 */
export default defineRule({
  id: 'http-basic-auth-header',
  title: 'HTTP Basic credentials',
  severity: 'HIGH',
  confidence: 0.75,
  keywords: ['basic'],
  pattern: /(?<![A-Za-z0-9])basic\s{1,4}(?<secret>[A-Za-z0-9+/]{8,684}={0,2})(?![A-Za-z0-9+/=_.-])/i,
  validate: (secret, { line }) => {
    if (!/auth/i.test(line) || secret.length % 4 !== 0) return false;
    const decoded = Buffer.from(secret, 'base64').toString('utf8');
    const match = /^([\x20-\x7e]{1,256}?):([\x20-\x7e]{1,256})$/.exec(decoded);
    return match !== null && !isStandInPassword(match[2] ?? '', match[1] ?? '');
  },
  cwe: 'CWE-798',
  description:
    'An HTTP Authorization header with Basic credentials is committed. The base64 value is only an encoding of user:password: anyone can decode it and sign in to the service with that account.',
  remediation:
    'Change the password (or revoke the token) at the service, build the header at run time from credentials kept in environment variables or a secret store, and remove the committed value from git history.',
  references: ['https://www.rfc-editor.org/rfc/rfc7617'],
  docs: {
    summary: 'Authorization: Basic values that decode to a user:password pair.',
    ng: [
      'curl -H "Authorization: Basic ' + 'ZGVwbG95OlhrN3BRMm1WdzlMejRS" https://api.corp-net.io/v1/jobs',
      "headers = {'Authorization': 'Basic " + "Y2ktYm90OlJ0NW5XOXFaMnhLdg=='}",
    ],
    ok: [
      // admin:admin
      'Authorization: Basic YWRtaW46YWRtaW4=',
      "headers['Authorization'] = 'Basic ' + btoa(user + ':' + pass)",
      '// Basic authentication is supported',
    ],
  },
});
