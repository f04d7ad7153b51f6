import { defineRule } from '../rule.js';

/** Mailchimp Marketing API keys: 32 hex characters + -us + data-centre number. */
export default defineRule({
  id: 'mailchimp-api-key',
  title: 'Mailchimp API key',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['-us'],
  pattern: /(?<![A-Za-z0-9_-])(?<secret>[0-9a-f]{32}-us[0-9]{1,2})(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description:
    'A Mailchimp Marketing API key is committed. It has full access to the Mailchimp account: audiences and their personal data, campaigns (which it can send), and account settings.',
  remediation:
    'Disable the key in Mailchimp (Profile → Extras → API keys), create a new one and keep it in a secret store. Remove it from git history.',
  references: ['https://mailchimp.com/developer/marketing/guides/quick-start/#generate-your-api-key'],
  docs: {
    summary: 'Mailchimp Marketing API keys (32 hex + -usN).',
    bad: ['MAILCHIMP_API_KEY=1d763949c73193e48981ebd8c68b95fb-' + 'us21', "apiKey: '1d763949c73193e48981ebd8c68b95fb-" + "us6',"],
    good: [
      'MAILCHIMP_API_KEY=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx-us21',
      'MAILCHIMP_SERVER_PREFIX=us21',
      'locale = "' + '1d763949c73193e48981ebd8c68b95fb-usa"',
    ],
  },
});
