import { defineRule } from '../rule.js';

/** Sourcegraph access tokens: sgp_ + 40 hex, optionally with a 16-hex instance identifier or "local" in between. */
export default defineRule({
  id: 'sourcegraph-access-token',
  title: 'Sourcegraph access token',
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['sgp_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>sgp_(?:[a-f0-9]{16}_|local_)?[a-f0-9]{40})(?![A-Za-z0-9_])/,
  minEntropy: 3,
  description:
    'A Sourcegraph access token is committed. It calls the Sourcegraph API as its owner: searching and reading all code the owner can see, and with site-admin:sudo acting as any user.',
  remediation:
    'Revoke the token in Sourcegraph (Settings → Access tokens), create a new one with the user:all scope only unless more is needed, and pass it as SRC_ACCESS_TOKEN from a secret store. Remove it from git history.',
  references: ['https://sourcegraph.com/docs/cli/how-tos/revoking_an_access_token'],
  docs: {
    summary: 'Sourcegraph access tokens (sgp_).',
    bad: ['SRC_ACCESS_TOKEN=sgp_' + 'a3f9c1e7b5d2f8a4_' + '6c0e9b3d7f1a5c8e2b4d6f9a1c3e7b5d0f8a2c4e', 'export SRC_ACCESS_TOKEN=sgp_' + '8e2b6d0f4a9c3e7b1d5f8a2c6e0b4d9f3a7c1e5b'],
    good: ['SRC_ACCESS_TOKEN=sgp_<token>', 'SRC_ACCESS_TOKEN=$SOURCEGRAPH_TOKEN'],
  },
});
