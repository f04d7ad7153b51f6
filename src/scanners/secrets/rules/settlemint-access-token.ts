import { defineRule } from '../rule.js';

/** SettleMint application, personal and service access tokens (sm_aat_, sm_pat_, sm_sat_). */
export default defineRule({
  id: 'settlemint-access-token',
  title: 'SettleMint access token',
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['sm_aat_', 'sm_pat_', 'sm_sat_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>sm_(?:aat|pat|sat)_[A-Za-z0-9]{16})(?![A-Za-z0-9_-])/,
  minEntropy: 3,
  description: 'A SettleMint access token is committed. It calls the SettleMint platform and its blockchain nodes, middleware and APIs as the application, personal account or service it was issued to.',
  remediation: 'Delete the token in the SettleMint console (application or personal access tokens) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://console.settlemint.com/documentation/platform-components/security-and-authentication/application-access-tokens'],
  docs: {
    summary: 'SettleMint application, personal and service access tokens (sm_aat_, sm_pat_, sm_sat_).',
    bad: [
      'SETTLEMINT_ACCESS_TOKEN=sm_pat_' + 'EmxGnO5xgVgOHQ2e',
      'settlemint_access_token: "sm_pat_' + '8FfpBAVTuS1C518u"',
      'const token = \'sm_pat_' + 'Yc5RZBriAoP0gj5d\';',
    ],
    good: [
      'SETTLEMINT_ACCESS_TOKEN=${SETTLEMINT_ACCESS_TOKEN}',
      'SETTLEMINT_ACCESS_TOKEN=sm_pat_EmxGnO',
    ],
  },
});
