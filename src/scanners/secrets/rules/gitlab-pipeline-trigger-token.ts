import { defineRule } from '../rule.js';

/** GitLab pipeline trigger tokens (glptt-…). */
export default defineRule({
  id: 'gitlab-pipeline-trigger-token',
  title: 'GitLab pipeline trigger token',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['glptt-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>glptt-[A-Za-z0-9_-]{20,64}(?:\.[A-Za-z0-9]{2}\.[A-Za-z0-9]{7,12})?)(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description:
    'A GitLab pipeline trigger token is committed. It starts pipelines on any branch or tag of the project as the token owner, with variables of the caller’s choice, so jobs run with the project’s CI/CD secrets.',
  remediation:
    'Revoke the trigger under Settings → CI/CD → Pipeline trigger tokens, create a new one, and keep it in CI/CD variables or a secret manager. Remove it from git history.',
  references: ['https://docs.gitlab.com/ci/triggers/'],
  docs: {
    summary: 'GitLab pipeline trigger tokens (glptt-…).',
    bad: [
      'curl -X POST --fail -F token=glptt-' + 'e244fc2e10ea85d7b23d74abd91d245690755201 -F ref=main https://gitlab.com/api/v4/projects/42/trigger/pipeline',
    ],
    good: [
      'curl -X POST -F token=glptt-' + '67c9c3b5f1f8',
      'curl -X POST -F token=$TRIGGER_TOKEN -F ref=main',
    ],
  },
});
