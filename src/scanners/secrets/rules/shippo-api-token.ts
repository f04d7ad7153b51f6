import { defineRule } from '../rule.js';

/** Shippo live API tokens: shippo_live_ + 40 hex characters. */
export default defineRule({
  id: 'shippo-api-token',
  title: 'Shippo API token',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['shippo_live_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>shippo_live_[a-f0-9]{40})(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description:
    'A Shippo live API token is committed. It buys shipping labels charged to the account’s payment method and reads shipments, addresses and customs data of its customers.',
  remediation:
    'Delete the token in Shippo (Settings → API), generate a new one and keep it in a secret store. Review label purchases and remove the token from git history.',
  references: ['https://docs.goshippo.com/docs/guides_general/authentication/'],
  docs: {
    summary: 'Shippo live API tokens (shippo_live_).',
    bad: ['SHIPPO_API_KEY=shippo_live_' + '5edebf7aaa93f5ebc8c3f4f12da28d9a1ca80983'],
    good: ['SHIPPO_API_KEY=shippo_test_' + '5edebf7aaa93f5ebc8c3f4f12da28d9a1ca80983', 'SHIPPO_API_KEY=shippo_live_<your-token>'],
  },
});
