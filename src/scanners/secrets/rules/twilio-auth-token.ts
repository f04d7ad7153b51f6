import { defineRule } from '../rule.js';

/**
 * Twilio account auth tokens (32 lower-case hex characters) and API key
 * secrets (32 alphanumerics). Neither has a prefix: reported when assigned to
 * a name containing "twilio" or passed right after an account SID (AC…).
 */
export default defineRule({
  id: 'twilio-auth-token',
  title: 'Twilio auth token',
  severity: 'CRITICAL',
  confidence: 0.7,
  keywords: ['twilio'],
  pattern:
    /(?:(?<name>[A-Za-z0-9_.-]{0,30}twilio[A-Za-z0-9_.-]{0,30})["'\]]?\s{0,4}(?::=|=>|=|:)\s{0,4}["'`]?|AC[a-f0-9]{32}["'`]\s{0,4},\s{0,4}["'`])(?<secret>[A-Za-z0-9]{32})(?![A-Za-z0-9_-])/i,
  minEntropy: 3.2,
  validate: (secret, { groups }) => {
    const name = groups.name ?? '';
    if (/sid$|(?:^|[_.-])id$/i.test(name)) return false;
    if (/^[0-9a-f]{32}$/.test(secret)) return true;
    // API key secrets are mixed-case alphanumerics.
    return /secret/i.test(name) && /[a-z]/.test(secret) && /[A-Z]/.test(secret) && /[0-9]/.test(secret);
  },
  description:
    'A Twilio auth token or API key secret is committed. The account auth token has full access to the Twilio account: it sends SMS and places calls billed to the owner, reads message logs and recordings, and changes phone numbers and configuration.',
  remediation:
    'Rotate the auth token in the Twilio Console (Account → API keys & tokens → promote a secondary token) or delete the API key, deploy the new credential from a secret store, and review usage logs. Remove it from git history.',
  references: ['https://www.twilio.com/docs/iam/access-tokens', 'https://www.twilio.com/docs/usage/security#credentials'],
  docs: {
    summary: 'Twilio auth tokens and API key secrets assigned to a Twilio-named variable or passed to the Twilio client.',
    bad: [
      'TWILIO_AUTH_TOKEN=' + 'ebdb24c36397e9dd0834ed5be6a382f3',
      "const client = require('twilio')('AC" + "d7916325d4434b0fec7bd26a98b394e8', '" + "ebdb24c36397e9dd0834ed5be6a382f3');",
    ],
    good: [
      'TWILIO_AUTH_TOKEN=your_auth_token',
      'TWILIO_ACCOUNT_SID=AC' + 'ebdb24c36397e9dd0834ed5be6a382f3',
      'TWILIO_AUTH_TOKEN=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    ],
  },
});
