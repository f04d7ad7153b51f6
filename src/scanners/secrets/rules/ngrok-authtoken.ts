import { defineRule } from '../rule.js';

/**
 * ngrok authtokens and API keys: two random parts joined by an underscore,
 * each starting with a digit (for example 27 + 21 characters). The format is
 * not prefixed, so the rule requires ngrok context on the line or in the path.
 */
export default defineRule({
  id: 'ngrok-authtoken',
  title: 'ngrok authtoken',
  severity: 'HIGH',
  confidence: 0.75,
  keywords: ['ngrok', 'authtoken'],
  pattern: /(?<![A-Za-z0-9_])(?<secret>[0-9][A-Za-z0-9]{19,32}_[0-9][A-Za-z0-9]{18,32})(?![A-Za-z0-9_])/,
  minEntropy: 4,
  validate: (secret, { line, path }) =>
    (/ngrok/i.test(line) || /ngrok[^/]{0,40}$/i.test(path)) &&
    /auth[_-]?token|api[_-]?key|token/i.test(line) &&
    /[a-z]/.test(secret) &&
    /[A-Z]/.test(secret),
  description:
    'An ngrok authtoken or API key is committed. An authtoken opens tunnels on its owner’s account (reserved domains, TCP addresses and IP policies included), exposing local services under the account’s name; an API key manages the account through the ngrok API.',
  remediation:
    'Reset the authtoken or delete the API key in the ngrok dashboard, and provide the new one through NGROK_AUTHTOKEN from a secret store instead of ngrok.yml or scripts in the repository. Remove it from git history.',
  references: ['https://ngrok.com/docs/agent/#authtokens'],
  docs: {
    summary: 'ngrok authtokens and API keys next to ngrok context (ngrok config add-authtoken, NGROK_AUTHTOKEN, ngrok.yml).',
    bad: ['ngrok config add-authtoken 2Vx8' + 'KqLm3Tz7Wb9Rn4Hc1Jd6Fp5Gs0_6Yk2Pq8Wv3Lx9Nb4Tz7Rc1', 'NGROK_AUTHTOKEN=1Rq7' + 'Lm2Vb9Kp4Wn8Tz3Yh6Jd1Fs5Gc0_3Tb8Wq2Kx7Lz4Vn9Rp5Hd'],
    good: ['ngrok config add-authtoken $NGROK_AUTHTOKEN', 'ngrok config add-authtoken <your-authtoken>', // The same shape without ngrok context.
      'build_id = 1Rq7' + 'Lm2Vb9Kp4Wn8Tz3Yh6Jd1Fs5Gc0_3Tb8Wq2Kx7Lz4Vn9Rp5Hd'],
  },
});
