import { defineRule } from '../rule.js';

/** Duffel live and test access tokens (duffel_live_…, duffel_test_…). */
export default defineRule({
  id: 'duffel-api-token',
  title: 'Duffel API token',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['duffel_test_', 'duffel_live_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>duffel_(?:test|live)_[A-Za-z0-9_=-]{43})(?![A-Za-z0-9_=-])/,
  minEntropy: 3.5,
  description: 'A Duffel access token is committed. It searches and books flights and stays through the Duffel API on the organisation’s account; live tokens create real, paid orders.',
  remediation: 'Revoke the token in the Duffel dashboard (Developers → Access tokens) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://duffel.com/docs/api/overview/making-requests/authentication'],
  docs: {
    summary: 'Duffel live and test access tokens (duffel_live_…, duffel_test_…).',
    bad: [
      'DUFFEL_ACCESS_TOKEN=duffel_live_IdW7qR' + 'jStCE7cuX97eSykCPEFAzLOWW7QkZxbmZ-fIc',
      'duffel_api_token: "duffel_live_yQ_p_V' + 'AiCfy4USHwMmr3sd1SB5xZQW7PaB598Lk2Loc"',
      'const token = \'duffel_live_04kAhM' + 'XKDD8z862K__vOit0LbBC7IkCoifv9SIKdf7l\';',
    ],
    good: [
      'DUFFEL_ACCESS_TOKEN=${DUFFEL_ACCESS_TOKEN}',
      'DUFFEL_ACCESS_TOKEN=duffel_live_IdW7qRjStCE7cuX97eSyk',
    ],
  },
});
