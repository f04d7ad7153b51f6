import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Gitter access tokens assigned to a Gitter setting. */
export default defineRule({
  id: 'gitter-access-token',
  title: 'Gitter access token',
  severity: 'MEDIUM',
  confidence: 0.8,
  keywords: ['gitter'],
  multiline: true,
  pattern: assignedTo(String.raw`gitter`, String.raw`[a-z0-9_-]{40}`),
  minEntropy: 3,
  description: 'A Gitter access token is committed. It reads and posts chat messages as its user in every room the user belongs to.',
  remediation: 'Revoke the token in Gitter/Matrix settings and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://developer.gitter.im/docs/authentication'],
  docs: {
    summary: 'Gitter access tokens assigned to a Gitter setting.',
    bad: [
      'GITTER_TOKEN=67a96bec17f2c' + '5a4754e3c05184cc57c5ab2e62b',
      'gitter_access_token: "a76f5a7657e57' + 'befa921e1a14e5616f13ff468b7"',
      '  "gitterToken": "fb93c4b21050b' + 'b98e66de6a53b961e44fff859bb",',
    ],
    good: [
      'GITTER_TOKEN=${GITTER_TOKEN}',
      'GITTER_TOKEN=67a96bec17f2c5a4754e3c05',
      'OTHER_SERVICE_KEY=67a96bec17f2c' + '5a4754e3c05184cc57c5ab2e62b',
    ],
  },
});
