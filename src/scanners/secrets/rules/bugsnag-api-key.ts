import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Bugsnag notifier keys and data access tokens assigned to a Bugsnag setting. */
export default defineRule({
  id: 'bugsnag-api-key',
  title: 'Bugsnag API key',
  severity: 'LOW',
  confidence: 0.8,
  keywords: ['bugsnag'],
  multiline: true,
  pattern: assignedTo(String.raw`bugsnag`, String.raw`[a-f0-9]{32}`),
  minEntropy: 3,
  description: 'A Bugsnag API key is committed. Notifier keys send error reports into the project; data access tokens read the project’s errors, which may include request data.',
  remediation: 'Regenerate the key in Bugsnag (Project settings, or Personal auth tokens) and update the app. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.bugsnag.com/api/data-access/#authentication'],
  docs: {
    summary: 'Bugsnag notifier keys and data access tokens assigned to a Bugsnag setting.',
    bad: [
      'BUGSNAG_API_KEY=0b47a38fd4' + 'a3b8281b7cba820a5d37e2',
      'bugsnag_auth_token: "6b5bea4e6e' + '0a54d254ca6cf3db7cb081"',
      '  "bugsnagApiKey": "6449f1c1e3' + 'f1b37c48f9ea57b43f5b82",',
    ],
    good: [
      'BUGSNAG_API_KEY=${BUGSNAG_API_KEY}',
      'BUGSNAG_API_KEY=0b47a38fd4a3b8281b7',
      'OTHER_SERVICE_KEY=0b47a38fd4' + 'a3b8281b7cba820a5d37e2',
    ],
  },
});
