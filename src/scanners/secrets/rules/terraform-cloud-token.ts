import { defineRule } from '../rule.js';

/** HCP Terraform / Terraform Enterprise API tokens: 14 characters, .atlasv1., then 60–70 more. */
export default defineRule({
  id: 'terraform-cloud-token',
  title: 'Terraform Cloud API token',
  severity: 'CRITICAL',
  confidence: 0.95,
  keywords: ['.atlasv1.'],
  pattern: /(?<![A-Za-z0-9_.-])(?<secret>[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70})(?![A-Za-z0-9_=-])/,
  minEntropy: 4,
  description:
    'An HCP Terraform (Terraform Cloud) or Terraform Enterprise API token is committed. Depending on its type it reads state (with the secrets in it), changes variables and queues plans and applies, which run with the workspaces’ cloud credentials.',
  remediation:
    'Revoke the user, team or organization token in the Terraform settings (User settings → Tokens, or the team/organization API tokens page), create a replacement with an expiry, and keep it in CI secrets or a credentials helper. Remove it from git history.',
  references: ['https://developer.hashicorp.com/terraform/cloud-docs/users-teams-organizations/api-tokens'],
  docs: {
    summary: 'HCP Terraform and Terraform Enterprise user, team and organization tokens (….atlasv1.…).',
    bad: ['credentials "app.terraform.io" {\n  token = "6bcxgdM6i6Itzo' + '.atlasv1.' + 'f5HUOkUoNf4_oiPfogO2RQQYHwGl0hgPNpWvlS0NSg5pWQ_TzwpUQKwqjRQ2SrdSIus"\n}', 'TFE_TOKEN=FijwM5fRc7riqs' + '.atlasv1.' + '5jnTcA3IjxtJNg0ks8Zt599xHcajJ5xjfh_DLksUz6hBP47OSpE0s4ng5tJHBg'],
    good: ['TFE_TOKEN=pg2fKTfXDjm7Ov' + '.atlasv1.' + 'nsFQWqhtluvv6SwWRud1f7ZqoZmL7d', 'TFE_TOKEN=${{ secrets.TFE_TOKEN }}'],
  },
});
