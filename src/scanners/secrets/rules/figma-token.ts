import { defineRule } from '../rule.js';

/** Figma personal access tokens: figd_ + ~40 base64url characters. */
export default defineRule({
  id: 'figma-token',
  title: 'Figma access token',
  severity: 'MEDIUM',
  confidence: 0.9,
  keywords: ['figd_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>figd_[A-Za-z0-9_-]{36,64})(?![A-Za-z0-9_-])/,
  minEntropy: 3.8,
  description:
    'A Figma personal access token is committed. Within its scopes it reads the owner’s files, comments and design assets, and can post comments and change variables or webhooks.',
  remediation:
    'Revoke the token in Figma (Settings → Security → Personal access tokens), create one with the least scopes needed and keep it in a secret store. Remove it from git history.',
  references: ['https://www.figma.com/developers/api#access-tokens'],
  docs: {
    summary: 'Figma personal access tokens (figd_).',
    bad: ['FIGMA_TOKEN=figd_' + 'BK8XD00-uFUrmXXzktdXsZ-d_Q_Pf612FPR9UTP_'],
    good: ['FIGMA_TOKEN=figd_your_personal_access_token', 'FIGMA_TOKEN=figd_' + 'BK8XD00-uFUrmXXzkt'],
  },
});
