import { shannonEntropy } from '../heuristics.js';
import { defineRule } from '../rule.js';

/**
 * A catch-all for literal bearer tokens in Authorization headers (curl
 * commands, HTTP files, hard-coded request headers). Silent where a specific
 * rule (JWT, GitHub, Stripe, …) reports the same value.
 */
export default defineRule({
  id: 'http-bearer-token',
  title: 'Hard-coded bearer token',
  severity: 'MEDIUM',
  confidence: 0.55,
  generic: true,
  keywords: ['bearer'],
  pattern: /(?<![A-Za-z0-9])bearer\s{1,4}(?<secret>[A-Za-z0-9._~+/-]{20,2048}={0,2})(?![A-Za-z0-9._~+/=-])/i,
  validate: (secret, { line }) => {
    if (!/authori[sz]ation/i.test(line)) return false;
    const classes = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((re) => re.test(secret)).length;
    return classes >= 2 && /[0-9]/.test(secret) && shannonEntropy(secret) >= 3.5 && !/^[A-Za-z]{1,30}(?:[._-][A-Za-z]{1,30}){1,10}$/.test(secret);
  },
  description:
    'A literal bearer token is committed in an Authorization header. Bearer tokens authenticate whoever presents them: anyone who reads it can call the API with its rights until it expires or is revoked.',
  remediation:
    'Revoke the token at the issuing service, build the header at run time from a token kept in an environment variable or secret store, and remove the committed value from git history.',
  references: ['https://www.rfc-editor.org/rfc/rfc6750'],
  docs: {
    summary: 'Random-looking literal tokens after "Authorization: Bearer".',
    bad: ['curl -H "Authorization: Bearer ' + 'k7Qm2Vb9Lp4Wn8Rt3Yh6Jd1Fs5Gc0aPz3Tx" https://api.corp-net.io/v2/orders', "headers: { Authorization: 'Bearer " + "Zq8vN3kLw2Xp7RtY4mBc9HdF6jGs' }"],
    good: ['Authorization: Bearer YOUR_API_TOKEN', "headers: { Authorization: 'Bearer ' + token }", 'Authorization: Bearer $ACCESS_TOKEN', 'Authorization: Bearer access-token-goes-here'],
  },
});
