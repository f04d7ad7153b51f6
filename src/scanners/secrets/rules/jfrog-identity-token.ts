import { assignedTo, notHexDigest } from '../assigned.js';
import { defineRule } from '../rule.js';

/** 64-character JFrog identity tokens assigned to a JFrog, Artifactory or Xray setting. */
export default defineRule({
  id: 'jfrog-identity-token',
  title: 'JFrog identity token',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['jfrog', 'artifactory', 'bintray', 'xray', 'jf_access_token', 'jf_token'],
  multiline: true,
  pattern: assignedTo(String.raw`jfrog|artifactory|bintray|xray|jf_(?:access_)?token`, String.raw`[A-Za-z0-9]{64}`),
  minEntropy: 4,
  // Reference tokens (cmVmdGtu…, base64 of reftkn:) have their own rule.
  validate: (secret) => notHexDigest(secret) && !secret.startsWith('cmVmdGtu'),
  description: 'A JFrog identity token is committed. It authenticates to Artifactory and the JFrog Platform as its user: downloading private artifacts and, with deploy permissions, publishing new ones.',
  remediation: 'Revoke the token in the JFrog Platform (Edit profile → Identity tokens, or Administration → Access tokens) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://jfrog.com/help/r/jfrog-platform-administration-documentation/access-tokens'],
  docs: {
    summary: '64-character JFrog identity tokens assigned to a JFrog, Artifactory or Xray setting.',
    bad: [
      'export JF_ACCESS_TOKEN=Rk4mTq8Lw2Xp7Vb' + 'N3cY9Hd6Fj1Gs5Ka0Pe2Ux4Wz8Qt7Mn3Rv6Lb9Kc2Jd5Hf1Gs',
      'JFROG_ACCESS_TOKEN=gotsv1Kei2AEedHbFMnwQ' + 'OfI6Dl2laCHVb7L1R2t9IT7rZzIyQreb6WS51dY2swT',
      'artifactory_identity_token: "e26sqAGMpYxMeDDOKubGt' + 'kAEeXTlKi7jELRMmyc9bNEEqW2IKSqpbryKDbjFCybE"',
      '  "jfrogAccessToken": "KFI3SsHQBQ8WykuCsGPkT' + '0UJqKjavRTOJasnvA24sjhWJMTTAK9VnUYEr5Zu709q",',
    ],
    good: [
      // A reference token: reported by jfrog-reference-token, not twice.
      'JFROG_ACCESS_TOKEN=cmVmdGtuOjAxOjE3MTkwMTQ3' + 'NjQ6TUZzS1h3UHl6ZE5wUWJKTEJtTmI2cU1ZRDZX',
      'JFROG_ACCESS_TOKEN=${JFROG_ACCESS_TOKEN}',
      'JFROG_ACCESS_TOKEN=gotsv1Kei2AEedHbFMnwQOfI6Dl2laCHVb7L1R',
      'OTHER_SERVICE_KEY=gotsv1Kei2AEedHbFMnwQ' + 'OfI6Dl2laCHVb7L1R2t9IT7rZzIyQreb6WS51dY2swT',
      'ARTIFACTORY_SHA256=e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    ],
  },
});
