import { defineRule } from '../rule.js';

/** GitLab runner authentication tokens (glrt-…), as written to config.toml. */
export default defineRule({
  id: 'gitlab-runner-authentication-token',
  title: 'GitLab runner authentication token',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['glrt-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>glrt-[A-Za-z0-9_-]{20,300}(?:\.[A-Za-z0-9]{2}\.[A-Za-z0-9]{7,12})?)(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description:
    'A GitLab runner authentication token is committed. It lets a machine pose as the runner and pick up its jobs, receiving their source code, CI/CD variables and job tokens.',
  remediation:
    'Reset the runner authentication token or delete the runner (Settings → CI/CD → Runners, or the runners API), register a new runner, and keep config.toml out of the repository. Remove the token from git history.',
  references: ['https://docs.gitlab.com/security/tokens/#runner-authentication-tokens'],
  docs: {
    summary: 'GitLab runner authentication tokens (glrt-…), as written to config.toml.',
    bad: [
      '  token = "glrt-' + 'S3G488yXHOZb2VL77fVI"',
      'gitlab-runner register --token glrt-' + 't1_1gMD4AGYcQ-M-0ECrBFz',
    ],
    good: [
      '  token = "glrt-' + 'c92LUSlO"',
      '  token = "${RUNNER_TOKEN}"',
    ],
  },
});
