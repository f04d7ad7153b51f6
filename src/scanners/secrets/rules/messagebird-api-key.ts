import { assignedTo, randomLooking } from '../assigned.js';
import { defineRule } from '../rule.js';

/** 25-character MessageBird access keys assigned to a MessageBird setting or passed to the client. */
export default defineRule({
  id: 'messagebird-api-key',
  title: 'MessageBird API key',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['messagebird', 'message_bird', 'message-bird'],
  multiline: true,
  pattern: assignedTo(String.raw`message[_-]?bird`, String.raw`[A-Za-z0-9]{25}`),
  minEntropy: 3.5,
  validate: (secret) => randomLooking(secret),
  description: 'A MessageBird (Bird) access key is committed. It sends SMS, voice and WhatsApp messages billed to the account and reads its message history and contacts.',
  remediation: 'Delete the access key in the MessageBird/Bird dashboard (Developers → API access) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://developers.messagebird.com/api/#authentication'],
  docs: {
    summary: '25-character MessageBird access keys assigned to a MessageBird setting or passed to the client.',
    bad: [
      'MESSAGEBIRD_API_KEY=gaSuBhTV' + 'XLwdEzsISCuyq6Tzg',
      'messagebird_access_key: "bhYjtYUr' + 'rRYf7xaoc3VAEAB9g"',
      '  "messagebirdApiKey": "40I2YPps' + 'R8e2Cf9ZJWT57JBvH",',
    ],
    good: [
      'MESSAGEBIRD_API_KEY=${MESSAGEBIRD_API_KEY}',
      'MESSAGEBIRD_API_KEY=gaSuBhTVXLwdEzs',
      'OTHER_SERVICE_KEY=gaSuBhTV' + 'XLwdEzsISCuyq6Tzg',
    ],
  },
});
