import { defineRule } from '../rule.js';

/** PayPal Braintree production access tokens: access_token$production$<16>$<32 hex>. */
export default defineRule({
  id: 'braintree-access-token',
  title: 'PayPal Braintree access token',
  severity: 'CRITICAL',
  confidence: 0.95,
  keywords: ['access_token$production$'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>access_token\$production\$[a-z0-9]{16}\$[a-f0-9]{32})(?![A-Za-z0-9_$-])/,
  minEntropy: 3.5,
  description:
    'A PayPal Braintree production access token is committed. It creates transactions, refunds and vaulted payment methods on the merchant account through the Braintree gateway (PayPal Express Checkout integrations).',
  remediation:
    'Revoke the access token in the PayPal developer dashboard (or the Braintree control panel), generate a new one, keep it in a secret store and review recent transactions. Remove it from git history.',
  references: ['https://developer.paypal.com/braintree/docs/guides/paypal/server-side/'],
  docs: {
    summary: 'PayPal Braintree production access tokens (access_token$production$…).',
    bad: ["gateway = braintree.BraintreeGateway(access_token='access_token$production$" + "9ojgi8kgvnbmxaev$2ef6a1afdd17a82073b2700afc29c98c')"],
    good: [
      'BRAINTREE_TOKEN=access_token$sandbox$' + '9ojgi8kgvnbmxaev$2ef6a1afdd17a82073b2700afc29c98c',
      'BRAINTREE_TOKEN=access_token$production$<merchant>$<token>',
    ],
  },
});
