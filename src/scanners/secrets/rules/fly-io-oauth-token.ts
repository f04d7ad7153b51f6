import { defineRule } from '../rule.js';

/** Fly.io user OAuth tokens (fo1_…), as printed by fly auth token. */
export default defineRule({
  id: 'fly-io-oauth-token',
  title: 'Fly.io user token',
  severity: 'CRITICAL',
  confidence: 0.9,
  keywords: ['fo1_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>fo1_[A-Za-z0-9_-]{40,46})(?![A-Za-z0-9_-])/,
  minEntropy: 4,
  description:
    'A Fly.io user token is committed. It acts as the user on every organization and app they belong to: deploying, reading and setting secrets, and managing machines, volumes and billing.',
  remediation:
    'Log out the session or revoke the token from the Fly.io dashboard, replace automation with scoped deploy tokens (fly tokens create deploy), and store them as CI secrets. Remove the token from git history.',
  references: ['https://fly.io/docs/security/tokens/'],
  docs: {
    summary: 'Fly.io user tokens (fo1_…).',
    bad: ['FLY_ACCESS_TOKEN=fo1_' + 'EVKC_F8AOAZRJDjsMQUJNKnCMHwrrz3nKDBuwvkeQEX'],
    good: ['FLY_ACCESS_TOKEN=fo1_' + 'OtJ4OUtfVgH5HrGbU7iT', 'FLY_ACCESS_TOKEN=$(fly auth token)'],
  },
});
