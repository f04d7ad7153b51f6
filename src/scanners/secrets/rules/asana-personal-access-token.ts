import { defineRule } from '../rule.js';

/**
 * Asana personal access tokens: 1/<user id>:<32 hex>, 2/<user id>/<app id>:<32 hex>
 * and the oldest 0/<32 hex>, on a line that mentions Asana.
 */
export default defineRule({
  id: 'asana-personal-access-token',
  title: 'Asana personal access token',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['asana'],
  pattern: /(?<![A-Za-z0-9_/-])(?<secret>[12]\/[0-9]{10,20}(?:\/[0-9]{10,20})?:[a-f0-9]{32}|0\/[a-f0-9]{32})(?![A-Za-z0-9_-])/,
  minEntropy: 3,
  description:
    'An Asana personal access token is committed. It calls the Asana API as its owner: reading and changing every task, project and comment they can see across their workspaces.',
  remediation:
    'Deauthorise the token in Asana (My settings → Apps → Developer console → Personal access tokens), create a new one and keep it in a secret store. Remove it from git history.',
  references: ['https://developers.asana.com/docs/personal-access-token'],
  docs: {
    summary: 'Asana personal access tokens on a line that mentions Asana.',
    bad: ['ASANA_TOKEN=2/' + '2305193527337558/1207412365478922:a1248547c1c1351cab78db73f5e8e0ae', 'ASANA_PAT="1/' + '2305193527337558:a1248547c1c1351cab78db73f5e8e0ae"'],
    good: [
      'ASANA_TOKEN=1/xxxxxxxxxxxxxxxx:xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      'ratio = "1/' + '2305193527337558:a1248547c1c1351cab78db73f5e8e0ae"',
      'ASANA_PROJECT_ID=2305193527337558',
    ],
  },
});
