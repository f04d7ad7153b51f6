import { defineRule } from '../rule.js';

/** GitLab personal, project and group access tokens (glpat-…), in the classic and routable formats. */
export default defineRule({
  id: 'gitlab-personal-access-token',
  title: 'GitLab personal access token',
  severity: 'CRITICAL',
  confidence: 0.95,
  keywords: ['glpat-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>glpat-[A-Za-z0-9_-]{20,300}(?:\.[A-Za-z0-9]{2}\.[A-Za-z0-9]{7,12})?)(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description:
    'A GitLab personal, project or group access token is committed. It calls the API and Git over HTTPS as its user or bot with the scopes it was given, often api (full read/write) on every project it can reach.',
  remediation:
    'Revoke the token (User settings → Access tokens, or the project/group Access tokens page; administrators can revoke any token), create a replacement with the fewest scopes and an expiry, and keep it in CI/CD variables or a secret manager. Remove it from git history.',
  references: ['https://docs.gitlab.com/security/tokens/#personal-access-tokens'],
  docs: {
    summary: 'GitLab personal, project and group access tokens (glpat-…), in the classic and routable formats.',
    bad: [
      'GITLAB_TOKEN=glpat-' + 'g-B8B3ExiRvMzgK7T3JN',
      'private_token: "glpat-' + 'iWdm-pa_73G7xPfd37QNf4-oaKoU2syGF4Hd.01.606qqs2b0"',
    ],
    good: [
      'GITLAB_TOKEN=glpat-' + 'xgH75zIu7IY9',
      'GITLAB_TOKEN=glpat-xxxxxxxxxxxxxxxxxxxx',
      'GITLAB_TOKEN=$CI_JOB_TOKEN',
    ],
  },
});
