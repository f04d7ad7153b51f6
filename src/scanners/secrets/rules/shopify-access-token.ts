import { defineRule } from '../rule.js';

/**
 * Shopify access tokens: shpat_ (custom/private app Admin API), shpca_
 * (custom app), shppa_ (legacy private app) + 32 hex characters.
 */
export default defineRule({
  id: 'shopify-access-token',
  title: 'Shopify access token',
  severity: 'CRITICAL',
  confidence: 0.95,
  keywords: ['shpat_', 'shpca_', 'shppa_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>shp(?:at|ca|pa)_[a-fA-F0-9]{32})(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description:
    'A Shopify Admin API access token is committed. With the scopes of its app it reads and changes the store’s orders, customers (personal data), products, discounts and themes.',
  remediation:
    'Uninstall or rotate the app’s credentials in the Shopify admin (Settings → Apps and sales channels → Develop apps), deploy the new token from a secret store and review the store for changes. Remove it from git history.',
  references: ['https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens'],
  docs: {
    summary: 'Shopify Admin API access tokens (shpat_, shpca_, shppa_).',
    bad: ['SHOPIFY_ACCESS_TOKEN=shpat_' + 'b2151aed4ef9014b203f2346b7aafd5c', "'X-Shopify-Access-Token': 'shppa_" + "b2151aed4ef9014b203f2346b7aafd5c'"],
    good: [
      'SHOPIFY_ACCESS_TOKEN=shpat_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      'SHOPIFY_ACCESS_TOKEN=shpat_' + 'b2151aed4ef9014b203f2346',
      'SHOPIFY_SHARED_SECRET=shpss_' + 'b2151aed4ef9014b203f2346b7aafd5c',
    ],
  },
});
