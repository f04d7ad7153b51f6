import { defineRule } from '../rule.js';

/** GitLab CI/CD job tokens (glcbt-…). */
export default defineRule({
  id: 'gitlab-ci-job-token',
  title: 'GitLab CI/CD job token',
  severity: 'MEDIUM',
  confidence: 0.9,
  keywords: ['glcbt-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>glcbt-[A-Za-z0-9_-]{20,300}(?:\.[A-Za-z0-9]{2}\.[A-Za-z0-9]{7,12})?)(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description:
    'A GitLab CI/CD job token is committed. While its job runs it reads the project’s repository, packages and registry and any other projects that allow it in their job token scope.',
  remediation:
    'The token expires when its job finishes; cancel the job if it is still running, do not print CI_JOB_TOKEN into logs or artifacts, and remove it from git history.',
  references: ['https://docs.gitlab.com/ci/jobs/ci_job_token/'],
  docs: {
    summary: 'GitLab CI/CD job tokens (glcbt-…).',
    bad: [
      'CI_JOB_TOKEN=glcbt-' + '64_iyId6FHo-fqWo7n6iZsW',
    ],
    good: [
      'CI_JOB_TOKEN=glcbt-' + 'uW7t-NZUqa',
      'curl --header "JOB-TOKEN: $CI_JOB_TOKEN"',
    ],
  },
});
