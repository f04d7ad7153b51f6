import { defineRule } from '../rule.js';

/** Anthropic Admin API keys: sk-ant-admin01- + ~95 base64url characters. */
export default defineRule({
  id: 'anthropic-admin-key',
  title: 'Anthropic admin key',
  severity: 'CRITICAL',
  confidence: 0.95,
  keywords: ['sk-ant-admin'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>sk-ant-admin[0-9]{2}-[A-Za-z0-9_-]{80,120})(?![A-Za-z0-9_-])/,
  minEntropy: 4,
  description:
    'An Anthropic Admin API key is committed. It manages the organisation: members and invites, workspaces, and the API keys of every workspace.',
  remediation:
    'Delete the admin key in the Claude Console (organisation settings → Admin keys), review the organisation for changes made with it, and keep any replacement in a secret store used only by administrative tooling. Remove it from git history.',
  references: ['https://docs.anthropic.com/en/api/administration-api'],
  docs: {
    summary: 'Anthropic Admin API keys (sk-ant-admin01-).',
    bad: ['ANTHROPIC_ADMIN_KEY="sk-ant-admin01-' + '09JjunR43HRbf-gDS3LYgQMJdKRZHgyM46cmjaRcINOa2ys2jzxn7MQHZh3DalXt4AP1h_rfEJLPnuOXUigGhwwQ56_qzAA"'],
    good: ['ANTHROPIC_ADMIN_KEY="sk-ant-admin01-..."', 'ANTHROPIC_ADMIN_KEY="sk-ant-admin01-' + '09JjunR43HRbf-gDS3LYgQMJdKRZ"'],
  },
});
