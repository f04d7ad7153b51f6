import { defineRule } from '../rule.js';

/**
 * Mailgun private API keys: the legacy key- + 32 lower-case alphanumerics and
 * the current <32 hex>-<8 hex>-<8 hex>. Neither is unique enough alone ("key-"
 * + a hash is a common cache key), so the line must mention Mailgun.
 */
export default defineRule({
  id: 'mailgun-api-key',
  title: 'Mailgun API key',
  severity: 'HIGH',
  confidence: 0.75,
  keywords: ['mailgun'],
  pattern: /(?<![A-Za-z0-9_-])(?<secret>key-[0-9a-z]{32}|[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8})(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description:
    'A Mailgun private API key is committed. It sends email from the account’s domains, reads logs, stored messages and mailing lists, and changes domain and webhook settings.',
  remediation:
    'Delete the key in Mailgun (API Security), create a new one (a domain sending key where possible) and keep it in a secret store. Review sending logs for abuse and remove the key from git history.',
  references: ['https://documentation.mailgun.com/docs/mailgun/api-reference/authentication/'],
  docs: {
    summary: 'Mailgun private API keys on a line that mentions Mailgun.',
    bad: [
      'MAILGUN_API_KEY=key-' + 'y1a41weozlo6kc3ynb20vhc4aoq3wivx',
      "mailgun.client({ username: 'api', key: '" + "2fee1c7bef50cd34c8c0358217a6e476-" + "9b4f69f4-63f7762a' });",
    ],
    good: [
      'MAILGUN_PUBLIC_KEY=pubkey-' + 'y1a41weozlo6kc3ynb20vhc4aoq3wivx',
      'cache.set("key-' + 'y1a41weozlo6kc3ynb20vhc4aoq3wivx", value)',
      'MAILGUN_API_KEY=key-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    ],
  },
});
