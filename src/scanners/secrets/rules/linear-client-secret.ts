import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Linear OAuth client secrets assigned to a Linear secret setting. */
export default defineRule({
  id: 'linear-client-secret',
  title: 'Linear OAuth client secret',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['linear'],
  multiline: true,
  pattern: assignedTo(String.raw`linear`, String.raw`[a-f0-9]{32}`, 'secret'),
  minEntropy: 3,
  description: 'A Linear OAuth client secret is committed. With the client id it exchanges authorization codes for tokens of every workspace that installed the OAuth app.',
  remediation: 'Rotate the client secret in Linear (Settings → API → OAuth applications) and update the app. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://developers.linear.app/docs/oauth/authentication'],
  docs: {
    summary: 'Linear OAuth client secrets assigned to a Linear secret setting.',
    bad: [
      'LINEAR_CLIENT_SECRET=da68d98ca0' + '9992551b43e7289d08befe',
      'linear_oauth_secret: "8bff91c67f' + '26a724139e5eca0bae39e4"',
      '  "linearClientSecret": "8a0b72b397' + '1e58cc30a899072c7b381c",',
    ],
    good: [
      'LINEAR_CLIENT_SECRET=${LINEAR_CLIENT_SECRET}',
      'LINEAR_CLIENT_SECRET=da68d98ca09992551b4',
      'OTHER_SERVICE_KEY=da68d98ca0' + '9992551b43e7289d08befe',
    ],
  },
});
