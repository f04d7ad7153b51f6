import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** 40-hex GitHub OAuth app client secrets assigned to a GitHub secret setting. */
export default defineRule({
  id: 'github-oauth-client-secret',
  title: 'GitHub OAuth app client secret',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['github'],
  multiline: true,
  pattern: assignedTo(String.raw`github`, String.raw`[a-f0-9]{40}`, 'secret'),
  minEntropy: 3,
  description: 'A GitHub OAuth app client secret is committed. With the client id it exchanges authorization codes for user tokens of everyone who signs in through the OAuth app, and can impersonate the app in the OAuth flow.',
  remediation: 'Generate a new client secret in the OAuth app’s settings on GitHub, update the app, then delete the old secret. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps'],
  docs: {
    summary: '40-hex GitHub OAuth app client secrets assigned to a GitHub secret setting.',
    bad: [
      'GITHUB_CLIENT_SECRET=382745ed93b4a' + 'a251e41b82a28f489d9fc8f552c',
      'github_oauth_client_secret: "810b9ff6190c0' + '9f819180a399fc7e1869b3108a4"',
      '  "githubClientSecret": "7ae51dc446ca7' + '0c08976fec8eb7ee1f99295981f",',
    ],
    good: [
      'GITHUB_CLIENT_SECRET=${GITHUB_CLIENT_SECRET}',
      'GITHUB_CLIENT_SECRET=382745ed93b4aa251e41b82a',
      'OTHER_SERVICE_KEY=382745ed93b4a' + 'a251e41b82a28f489d9fc8f552c',
    ],
  },
});
