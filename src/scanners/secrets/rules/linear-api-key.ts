import { defineRule } from '../rule.js';

/** Linear personal API keys (lin_api_ + 40 alphanumerics) and OAuth access tokens (lin_oauth_ + 64 hex). */
export default defineRule({
  id: 'linear-api-key',
  title: 'Linear API key',
  severity: 'HIGH',
  confidence: 0.92,
  keywords: ['lin_api_', 'lin_oauth_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>lin_api_[A-Za-z0-9]{40}|lin_oauth_[a-f0-9]{64})(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  description:
    'A Linear API key or OAuth token is committed. It reads and changes the workspace’s issues, projects, comments and (for admins) settings as the user it belongs to.',
  remediation:
    'Revoke the key in Linear (Settings → Security & access → Personal API keys) or the OAuth authorisation, create a new one and keep it in a secret store. Remove it from git history.',
  references: ['https://linear.app/developers/graphql#personal-api-keys'],
  docs: {
    summary: 'Linear personal API keys (lin_api_) and OAuth access tokens (lin_oauth_).',
    bad: ['LINEAR_API_KEY=lin_api_' + 'M9o9Vy9zg4e4UdU0ZWtKqpGSn9vJ0TjDLlgNLhLa'],
    good: ['LINEAR_API_KEY=lin_api_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'LINEAR_API_KEY=lin_api_' + 'M9o9Vy9zg4e4UdU0ZWtK'],
  },
});
