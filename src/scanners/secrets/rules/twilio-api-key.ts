import { defineRule } from '../rule.js';

/** Twilio API key SIDs: SK + 32 lower-case hex characters. */
export default defineRule({
  id: 'twilio-api-key',
  title: 'Twilio API key',
  severity: 'MEDIUM',
  confidence: 0.8,
  keywords: ['sk'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>SK[0-9a-f]{32})(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description:
    'A Twilio API key SID is committed. It is the user name half of a Twilio API key; its secret, which completes the credential for sending messages and calls on the account, is usually stored next to it.',
  remediation:
    'Check whether the matching API key secret is also committed; if so, delete the key in the Twilio Console (Account → API keys & tokens) and create a new one kept in a secret store. Remove both from git history.',
  references: ['https://www.twilio.com/docs/iam/api-keys'],
  docs: {
    summary: 'Twilio API key SIDs (SK + 32 hex).',
    bad: ['TWILIO_API_KEY=SK' + 'd7916325d4434b0fec7bd26a98b394e8', 'const apiKey = "SK' + 'd7916325d4434b0fec7bd26a98b394e8";'],
    good: [
      'TWILIO_API_KEY=SKxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      'TWILIO_ACCOUNT_SID=AC' + 'd7916325d4434b0fec7bd26a98b394e8',
      'TWILIO_API_KEY=SK' + 'D7916325D4434B0FEC7BD26A98B394E8Z',
    ],
  },
});
