import { defineRule } from '../rule.js';

/** GitLab incoming email tokens (glimt-…). */
export default defineRule({
  id: 'gitlab-incoming-mail-token',
  title: 'GitLab incoming email token',
  severity: 'MEDIUM',
  confidence: 0.9,
  keywords: ['glimt-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>glimt-[A-Za-z0-9_-]{20,64}(?:\.[A-Za-z0-9]{2}\.[A-Za-z0-9]{7,12})?)(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description:
    'A GitLab incoming email token is committed. It is part of the user’s personal e-mail addresses for creating issues and merge requests by e-mail, letting others create them as the user.',
  remediation:
    'Reset the incoming email token under User settings → Access tokens, and remove the address or token from git history.',
  references: ['https://docs.gitlab.com/security/tokens/#incoming-email-token'],
  docs: {
    summary: 'GitLab incoming email tokens (glimt-…).',
    bad: [
      'ISSUE_EMAIL=incoming+acme-api-42-issue-glimt-' + 'q3onctxajoi2s5btqgatl4h6a@incoming.gitlab.com',
    ],
    good: [
      'ISSUE_EMAIL=incoming+acme-api-42-issue-glimt-' + '3k9qxvjn25@incoming.gitlab.com',
      'ISSUE_EMAIL=${GITLAB_ISSUE_EMAIL}',
    ],
  },
});
