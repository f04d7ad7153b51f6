import { defineRule } from '../rule.js';

/** Supabase personal access tokens for the Management API: sbp_ + 40 hex. */
export default defineRule({
  id: 'supabase-access-token',
  title: 'Supabase access token',
  severity: 'CRITICAL',
  confidence: 0.95,
  keywords: ['sbp_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>sbp_[a-f0-9]{40})(?![A-Za-z0-9_])/,
  minEntropy: 3,
  description:
    'A Supabase personal access token is committed. It calls the Management API as its owner for every organization and project they can reach: reading API keys and database settings, running SQL, deploying functions and deleting projects.',
  remediation:
    'Revoke the token under Account → Access Tokens in the Supabase dashboard, create a replacement with an expiry, and keep it in CI secrets. Remove it from git history.',
  references: ['https://supabase.com/docs/reference/api/introduction'],
  docs: {
    summary: 'Supabase personal access tokens (sbp_…).',
    bad: ['SUPABASE_ACCESS_TOKEN=sbp_' + '321f4146ac2254bf62005a13124f938a9dbdec9f'],
    good: ['SUPABASE_ACCESS_TOKEN=sbp_' + '90693c53aa7bfa39e47c96dba049f605', 'SUPABASE_ACCESS_TOKEN=${{ secrets.SUPABASE_ACCESS_TOKEN }}'],
  },
});
