import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** GoCardless live and sandbox access tokens assigned to a GoCardless setting. */
export default defineRule({
  id: 'gocardless-access-token',
  title: 'GoCardless access token',
  severity: 'CRITICAL',
  confidence: 0.9,
  keywords: ['gocardless'],
  multiline: true,
  pattern: assignedTo(String.raw`gocardless`, String.raw`(?:live|sandbox)_[A-Za-z0-9_=-]{40}`),
  minEntropy: 3.5,
  description: 'A GoCardless access token is committed. A live token collects and refunds direct debit payments and reads the creditor’s customers and mandates.',
  remediation: 'Revoke the token in the GoCardless dashboard (Developers → Access tokens) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://developer.gocardless.com/getting-started/api/making-your-first-request/'],
  docs: {
    summary: 'GoCardless live and sandbox access tokens assigned to a GoCardless setting.',
    bad: [
      'GOCARDLESS_ACCESS_TOKEN=live_5cg08mBYsz' + 'eM4ZGRQoQlwG04LDctMLt3txcAwLmp',
      'gocardless_token: "live_YDg_ItA7Iq' + 'J7qSKQB27ZmI2efKyf1U3nedWp7uSg"',
      '  "gocardlessAccessToken": "live_idQp_eocwD' + 'STJz7z2XPbRqD0R0ChLY4U1wNVygxh",',
    ],
    good: [
      'GOCARDLESS_ACCESS_TOKEN=${GOCARDLESS_ACCESS_TOKEN}',
      'GOCARDLESS_ACCESS_TOKEN=live_5cg08mBYszeM4ZGRQoQlwG',
      'OTHER_SERVICE_KEY=live_5cg08mBYsz' + 'eM4ZGRQoQlwG04LDctMLt3txcAwLmp',
    ],
  },
});
