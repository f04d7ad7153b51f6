import { defineRule } from '../rule.js';

/** Pulumi Cloud access tokens: pul- + 40 hex. */
export default defineRule({
  id: 'pulumi-access-token',
  title: 'Pulumi access token',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['pul-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>pul-[a-f0-9]{40})(?![A-Za-z0-9_-])/,
  minEntropy: 3,
  description:
    'A Pulumi Cloud access token is committed. It acts as its user, team or organization: reading stack state and its decrypted secrets, running updates and opening Pulumi ESC environments.',
  remediation:
    'Delete the token under Settings → Access tokens in Pulumi Cloud, create a replacement (or use OIDC from CI), and keep it in CI secrets. Remove it from git history.',
  references: ['https://www.pulumi.com/docs/pulumi-cloud/access-management/access-tokens/'],
  docs: {
    summary: 'Pulumi Cloud access tokens (pul-…).',
    bad: ['PULUMI_ACCESS_TOKEN=pul-' + '43687674693a639fb391c31d32b6c7860d082cc5'],
    good: ['PULUMI_ACCESS_TOKEN=pul-' + '10d53c6ced7d6a0ac4ee07f4e7184c3b76895d1', 'PULUMI_ACCESS_TOKEN=${{ secrets.PULUMI_ACCESS_TOKEN }}'],
  },
});
