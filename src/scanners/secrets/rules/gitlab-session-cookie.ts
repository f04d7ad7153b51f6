import { defineRule } from '../rule.js';

/** GitLab web session cookies (_gitlab_session=…) in captured requests. */
export default defineRule({
  id: 'gitlab-session-cookie',
  title: 'GitLab session cookie',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['_gitlab_session='],
  pattern: /_gitlab_session=(?<secret>[0-9a-f]{32})(?![A-Za-z0-9_-])/,
  minEntropy: 3,
  description: 'A GitLab session cookie is committed. Until the session expires it logs in to GitLab as the signed-in user, with that user’s access to every group and project.',
  remediation: 'Sign the user out of all sessions (Profile → Active sessions → revoke), and remove the captured request or HAR file from the repository. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.gitlab.com/user/profile/active_sessions/'],
  docs: {
    summary: 'GitLab web session cookies (_gitlab_session=…) in captured requests.',
    bad: [
      'Cookie: _gitlab_session=c95babd482' + '6ea5979b8cb140d5f7d1b7; path=/; HttpOnly',
    ],
    good: [
      'Cookie: _gitlab_session=c95babd4826ea5979b8; path=/; HttpOnly',
    ],
  },
});
