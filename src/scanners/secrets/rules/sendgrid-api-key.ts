import { defineRule } from '../rule.js';

/** SendGrid API keys: SG. + 22 characters (key id) + . + 43 characters, base64url. */
export default defineRule({
  id: 'sendgrid-api-key',
  title: 'SendGrid API key',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['sg.'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_.-])(?<secret>SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})(?![A-Za-z0-9_.-])/,
  minEntropy: 4,
  description:
    'A Twilio SendGrid API key is committed. Depending on its scopes it sends email from the account’s verified domains (a ready-made phishing channel), reads contacts and activity, or administers the account.',
  remediation:
    'Delete the key in SendGrid (Settings → API Keys), create a new one with only the scopes needed and keep it in a secret store. Review the email activity for abuse and remove the key from git history.',
  references: ['https://www.twilio.com/docs/sendgrid/ui/account-and-settings/api-keys'],
  docs: {
    summary: 'Twilio SendGrid API keys (SG.<id>.<secret>).',
    bad: ['SENDGRID_API_KEY=SG.' + 'aDBScc6WJ9IGb0TLOZFgA8.TXSKUT-_1C05jpxBs_gbqnGHlfRfUXDvatwdfyT05fu'],
    good: [
      'SENDGRID_API_KEY=SG.xxxxxxxxxxxxxxxxxxxxxx.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      'SENDGRID_API_KEY=SG.' + 'aDBScc6WJ9IGb0TLOZFgA8',
      'const key = process.env.SENDGRID_API_KEY;',
    ],
  },
});
