import { defineRule } from '../rule.js';

/** PlanetScale service tokens (pscale_tkn_) and OAuth tokens (pscale_oauth_). */
export default defineRule({
  id: 'planetscale-token',
  title: 'PlanetScale API token',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['pscale_tkn_', 'pscale_oauth_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>pscale_(?:tkn|oauth)_[A-Za-z0-9_-]{32,64})(?![A-Za-z0-9_-])/,
  minEntropy: 3.8,
  description:
    'A PlanetScale API token is committed. Within its granted permissions it manages the organization’s databases, branches, deploy requests and passwords through the API and CLI.',
  remediation:
    'Delete the service token (Organization settings → Service tokens) or revoke the OAuth application’s access, create a replacement with the narrowest database permissions, and keep it in CI secrets. Remove it from git history.',
  references: ['https://planetscale.com/docs/concepts/service-tokens'],
  docs: {
    summary: 'PlanetScale service tokens (pscale_tkn_…) and OAuth tokens (pscale_oauth_…).',
    bad: ['PLANETSCALE_SERVICE_TOKEN=pscale_tkn_' + 'QSY3E6nTyvM1QilZXM-FIJB7i58gUAb0HQf482udNbG', '"access_token": "pscale_oauth_' + 'aaNsnJfV-8oRauDWwi_ZCJ-KOvY03XcybiP97iXRZik"'],
    good: ['PLANETSCALE_SERVICE_TOKEN=pscale_tkn_' + '8iIqjlDIGKZEi7dTXL_Z', 'PLANETSCALE_SERVICE_TOKEN=${PSCALE_TOKEN}'],
  },
});
