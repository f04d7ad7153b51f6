import { defineRule } from '../rule.js';

/** Buildkite user API access tokens: bkua_ + 40 lower-case hex characters. */
export default defineRule({
  id: 'buildkite-api-token',
  title: 'Buildkite API access token',
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['bkua_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>bkua_[a-f0-9]{40})(?![A-Za-z0-9_])/,
  minEntropy: 3,
  description:
    'A Buildkite API access token is committed. Within its scopes and organisations it reads builds and logs, creates builds, edits pipelines and manages agents through the REST and GraphQL APIs.',
  remediation:
    'Revoke the token in Buildkite (Personal Settings → API Access Tokens), create one with the fewest scopes and organisations needed, and keep it in a secret store. Remove it from git history.',
  references: ['https://buildkite.com/docs/apis/managing-api-tokens'],
  docs: {
    summary: 'Buildkite user API access tokens (bkua_).',
    bad: ['BUILDKITE_API_TOKEN=bkua_' + '7d3f9a1c5e8b2d6f0a4c9e1b7d3f5a8c2e6b0d9f', 'token: "bkua_' + '2c8e5a9f1d4b7e0c3f6a9d2b5e8c1f4a7d0b3e6c"'],
    good: ['BUILDKITE_API_TOKEN=bkua_...', 'BUILDKITE_API_TOKEN: ${{ secrets.BUILDKITE_API_TOKEN }}'],
  },
});
