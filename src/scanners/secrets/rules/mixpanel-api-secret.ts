import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Mixpanel API and service account secrets assigned to a Mixpanel secret setting. */
export default defineRule({
  id: 'mixpanel-api-secret',
  title: 'Mixpanel API secret',
  severity: 'MEDIUM',
  confidence: 0.8,
  keywords: ['mixpanel'],
  multiline: true,
  pattern: assignedTo(String.raw`mixpanel`, String.raw`[A-Za-z0-9]{32}`, 'secret|password'),
  minEntropy: 3,
  description: 'A Mixpanel API or service account secret is committed. It exports the project’s raw event and user data and imports events.',
  remediation: 'Reset the project secret or delete the service account in Mixpanel (Project settings). Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://developer.mixpanel.com/reference/authentication'],
  docs: {
    summary: 'Mixpanel API and service account secrets assigned to a Mixpanel secret setting.',
    bad: [
      'MIXPANEL_API_SECRET=efc0cb293b' + '08abb0dcf75583ceb00578',
      'mixpanel_service_account_secret: "5784a4cedd' + 'fbb949b8e5e27a26f2fe6e"',
      '  "mixpanelApiSecret": "936b15020a' + '1090ca7c68030c95428242",',
    ],
    good: [
      'MIXPANEL_API_SECRET=${MIXPANEL_API_SECRET}',
      'MIXPANEL_API_SECRET=efc0cb293b08abb0dcf',
      'OTHER_SERVICE_KEY=efc0cb293b' + '08abb0dcf75583ceb00578',
    ],
  },
});
