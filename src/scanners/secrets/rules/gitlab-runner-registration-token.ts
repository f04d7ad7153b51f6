import { defineRule } from '../rule.js';

/** GitLab runner registration tokens (GR1348941…). */
export default defineRule({
  id: 'gitlab-runner-registration-token',
  title: 'GitLab runner registration token',
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['gr1348941'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>GR1348941[A-Za-z0-9_-]{20,30})(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description:
    'A GitLab runner registration token (legacy registration workflow) is committed. It registers new runners for the instance, group or project, which then receive jobs with their source code and CI/CD variables.',
  remediation:
    'Reset the registration token under Settings → CI/CD → Runners (or disable legacy registration), move to runner authentication tokens created in the UI, and remove the token from git history.',
  references: ['https://docs.gitlab.com/security/tokens/#runner-registration-tokens-deprecated'],
  docs: {
    summary: 'GitLab runner registration tokens (GR1348941…).',
    bad: [
      'REGISTRATION_TOKEN=GR1348941' + 'hxZMGLmS7K7_skZd11M1',
    ],
    good: [
      'REGISTRATION_TOKEN=GR1348941' + 'rs201pHORd',
      'REGISTRATION_TOKEN=$RUNNER_REGISTRATION_TOKEN',
    ],
  },
});
