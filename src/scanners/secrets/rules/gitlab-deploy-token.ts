import { defineRule } from '../rule.js';

/** GitLab deploy tokens (gldt-…). */
export default defineRule({
  id: 'gitlab-deploy-token',
  title: 'GitLab deploy token',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['gldt-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>gldt-[A-Za-z0-9_-]{20,64}(?:\.[A-Za-z0-9]{2}\.[A-Za-z0-9]{7,12})?)(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description:
    'A GitLab deploy token is committed. With its username it clones the project or group repositories and pulls or pushes container and package registry images, depending on its scopes.',
  remediation:
    'Revoke the deploy token under Settings → Repository → Deploy tokens of the project or group, create a replacement with only the scopes needed, and keep it in CI/CD variables or a secret manager. Remove it from git history.',
  references: ['https://docs.gitlab.com/user/project/deploy_tokens/'],
  docs: {
    summary: 'GitLab deploy tokens (gldt-…).',
    bad: [
      'CI_DEPLOY_PASSWORD=gldt-' + 'aW8B4IXaEu2_S5Txr1Zf',
      'https://gitlab+deploy-token-41:gldt-' + 'meF_L_9xGODjyN3EA1uR@gitlab.com/acme/api.git',
    ],
    good: [
      'CI_DEPLOY_PASSWORD=gldt-' + 'J0EmDgsBrY',
      'CI_DEPLOY_PASSWORD=${DEPLOY_TOKEN}',
    ],
  },
});
