import { defineRule } from '../rule.js';

/** Shopify app shared secrets (API secret keys): shpss_ + 32 hex characters. */
export default defineRule({
  id: 'shopify-shared-secret',
  title: 'Shopify shared secret',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['shpss_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>shpss_[a-fA-F0-9]{32})(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description:
    'A Shopify app’s shared secret (API secret key) is committed. It completes OAuth for the app and verifies webhook and app-proxy signatures, so whoever has it can forge webhooks or requests the app trusts.',
  remediation:
    'Rotate the app’s API secret key in the Shopify Partner Dashboard or the store’s app settings, deploy the new one from a secret store, and remove the old one from git history.',
  references: ['https://shopify.dev/docs/apps/build/authentication-authorization/client-secrets'],
  docs: {
    summary: 'Shopify app shared secrets (shpss_).',
    bad: ['SHOPIFY_API_SECRET=shpss_' + 'db77eec50eaf1a28ffeca4226ebf27c0'],
    good: ['SHOPIFY_API_SECRET=shpss_...', 'SHOPIFY_API_SECRET=shpss_' + 'db77eec50eaf1a28ffeca42'],
  },
});
