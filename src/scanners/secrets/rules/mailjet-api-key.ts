import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Mailjet API keys and secret keys assigned to a Mailjet setting. */
export default defineRule({
  id: 'mailjet-api-key',
  title: 'Mailjet API key',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['mailjet', 'mj_apikey', 'mjapikey'],
  multiline: true,
  pattern: assignedTo(String.raw`mailjet|mj_?apikey`, String.raw`[a-f0-9]{32}`),
  minEntropy: 3,
  description: 'A Mailjet API key or secret is committed. Together they send email and SMS from the account and read its contacts and statistics.',
  remediation: 'Regenerate the secret key in Mailjet (Account settings → API key management). Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://dev.mailjet.com/email/guides/#authentication'],
  docs: {
    summary: 'Mailjet API keys and secret keys assigned to a Mailjet setting.',
    bad: [
      'MAILJET_API_SECRET=77260251b0' + '0577a19685f70b26a7c85b',
      'mj_apikey_private: "efe01de1ab' + 'aeed211ede306ae34cf022"',
      '  "mailjetApiSecret": "89463bda1b' + '9741149784a1d82c6fac09",',
    ],
    good: [
      'MAILJET_API_SECRET=${MAILJET_API_SECRET}',
      'MAILJET_API_SECRET=77260251b00577a1968',
      'OTHER_SERVICE_KEY=77260251b0' + '0577a19685f70b26a7c85b',
    ],
  },
});
