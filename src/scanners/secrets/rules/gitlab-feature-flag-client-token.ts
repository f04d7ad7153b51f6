import { defineRule } from '../rule.js';

/** GitLab feature flags client tokens (glffct-…). */
export default defineRule({
  id: 'gitlab-feature-flag-client-token',
  title: 'GitLab feature flags client token',
  severity: 'MEDIUM',
  confidence: 0.9,
  keywords: ['glffct-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>glffct-[A-Za-z0-9_-]{20,64}(?:\.[A-Za-z0-9]{2}\.[A-Za-z0-9]{7,12})?)(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description:
    'A GitLab feature flags client token is committed. It reads the project’s feature flag definitions through the Unleash-compatible API, revealing strategies, user lists and unreleased features.',
  remediation:
    'Reset the instance ID / client token under Deploy → Feature flags → Configure, update the Unleash clients, and remove the token from git history.',
  references: ['https://docs.gitlab.com/operations/feature_flags/'],
  docs: {
    summary: 'GitLab feature flags client tokens (glffct-…).',
    bad: [
      'UNLEASH_INSTANCE_ID=glffct-' + '4uHNxvPsn4VSc6GKWTIl',
    ],
    good: [
      'UNLEASH_INSTANCE_ID=glffct-' + 'h0QKjOxV5C',
      'UNLEASH_INSTANCE_ID=${UNLEASH_INSTANCE_ID}',
    ],
  },
});
