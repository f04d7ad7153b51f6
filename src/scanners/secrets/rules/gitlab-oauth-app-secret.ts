import { defineRule } from '../rule.js';

/** GitLab OAuth application secrets (gloas-…). */
export default defineRule({
  id: 'gitlab-oauth-app-secret',
  title: 'GitLab OAuth application secret',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['gloas-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>gloas-[A-Za-z0-9_-]{40,80})(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description:
    'A GitLab OAuth application secret is committed. With the application id it lets anyone act as the application in OAuth flows and exchange authorization codes for tokens with the scopes users granted it.',
  remediation:
    'Renew the secret of the application (User/Group/Admin → Applications → Renew secret), deploy the new one from a secret store, and remove the old one from git history.',
  references: ['https://docs.gitlab.com/integration/oauth_provider/'],
  docs: {
    summary: 'GitLab OAuth application secrets (gloas-…).',
    bad: [
      'GITLAB_OAUTH_SECRET=gloas-' + '2c203567d649b6e0734b0e1c3522cf9eee2e183a7d4727898b229aee6ff2bd39',
    ],
    good: [
      'GITLAB_OAUTH_SECRET=gloas-' + 'af7b4c2417ef406c',
      'GITLAB_OAUTH_SECRET=${OAUTH_SECRET}',
    ],
  },
});
