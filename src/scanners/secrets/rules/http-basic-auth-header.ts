import { defineRule } from '../rule.js';
import { isStandInPassword } from '../stand-ins.js';

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
  description:
    'An HTTP Authorization header with Basic credentials is committed. The base64 value is only an encoding of user:password: anyone can decode it and sign in to the service with that account.',
  remediation:
    'Change the password (or revoke the token) at the service, build the header at run time from credentials kept in environment variables or a secret store, and remove the committed value from git history.',
  references: ['https://www.rfc-editor.org/rfc/rfc7617'],
  docs: {
    summary: 'Authorization: Basic values that decode to a user:password pair.',
    bad: [
      'curl -H "Authorization: Basic ' + 'ZGVwbG95OlhrN3BRMm1WdzlMejRS" https://api.corp-net.io/v1/jobs',
      "headers = {'Authorization': 'Basic " + "Y2ktYm90OlJ0NW5XOXFaMnhLdg=='}",
    ],
    good: [
      // admin:admin
      'Authorization: Basic YWRtaW46YWRtaW4=',
      "headers['Authorization'] = 'Basic ' + btoa(user + ':' + pass)",
      '// Basic authentication is supported',
    ],
  },
});
