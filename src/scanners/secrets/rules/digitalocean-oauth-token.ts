import { defineRule } from '../rule.js';

/** DigitalOcean OAuth access (doo_v1_) and refresh (dor_v1_) tokens: 64 hex characters. */
export default defineRule({
  id: 'digitalocean-oauth-token',
  title: 'DigitalOcean OAuth token',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['doo_v1_', 'dor_v1_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>do[or]_v1_[a-f0-9]{64})(?![A-Za-z0-9_])/,
  minEntropy: 3,
  description:
    'A DigitalOcean OAuth token is committed. An access token acts for the user who authorised the application with the granted scopes; a refresh token mints new access tokens until the authorisation is revoked.',
  remediation:
    'Revoke the authorisation (Settings → Applications & API → Authorized applications, or the OAuth revoke endpoint), have the application obtain tokens at run time, and keep stored tokens in a secret manager. Remove them from git history.',
  references: ['https://docs.digitalocean.com/reference/api/oauth/'],
  docs: {
    summary: 'DigitalOcean OAuth access tokens (doo_v1_…) and refresh tokens (dor_v1_…).',
    bad: ['access_token: doo_v1_' + '6e2552a224d13ec211aa81407eec8cb3c95efc5cc728fdfb7f535f82c1c1e823', '"refresh_token": "dor_v1_' + '7f42fd773a6860df3a62bb1dfb0ea4411dc74dcf0194ac2f4300d1e9eaf67b82"'],
    good: ['access_token: doo_v1_' + '8b38f21577cfb76a0aa890185bfcc58c2df885f1743cb79881b8b12fad6c45', 'access_token: doo_v1_<token>'],
  },
});
