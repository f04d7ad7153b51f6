import { defineRule } from '../rule.js';

/** GitLab SCIM tokens (glsoat-…). */
export default defineRule({
  id: 'gitlab-scim-token',
  title: 'GitLab SCIM token',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['glsoat-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>glsoat-[A-Za-z0-9_-]{20,64}(?:\.[A-Za-z0-9]{2}\.[A-Za-z0-9]{7,12})?)(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description:
    'A GitLab SCIM OAuth token is committed. It provisions and deprovisions members of the group through the SCIM API, so its holder can add accounts to or remove them from the organization.',
  remediation:
    'Regenerate the SCIM token under the group’s Settings → SAML SSO, update the identity provider with the new one, and remove the leaked token from git history.',
  references: ['https://docs.gitlab.com/security/tokens/#scim-tokens'],
  docs: {
    summary: 'GitLab SCIM tokens (glsoat-…).',
    bad: [
      'scim_token: glsoat-' + 'Eqe9hlxfOSNXkVb3F0Ix',
    ],
    good: [
      'scim_token: glsoat-' + 'VxmqeYYd7t',
      'scim_token: ${SCIM_TOKEN}',
    ],
  },
});
