import { defineRule } from '../rule.js';

/** Paystack live secret keys: sk_live_ + 40 lower-case hex characters (Stripe's keys use mixed-case alphanumerics). */
export default defineRule({
  id: 'paystack-secret-key',
  title: 'Paystack secret key',
  severity: 'CRITICAL',
  confidence: 0.8,
  keywords: ['sk_live_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>sk_live_[0-9a-f]{40})(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description:
    'A Paystack live secret key is committed. It has full access to the Paystack integration: it can initialise and verify transactions, issue refunds and transfers, and read customer data.',
  remediation:
    'Generate new API keys in the Paystack Dashboard (Settings → API Keys & Webhooks), load the secret key from a secret store, and review transactions and transfers for misuse. Remove the old key from git history.',
  references: ['https://paystack.com/docs/api/authentication/'],
  docs: {
    summary: 'Paystack live secret keys (sk_live_ + 40 hex).',
    bad: ['PAYSTACK_SECRET_KEY=sk_live_' + '3e3df5b37ac34c305bb8ef56da09354bd99e11fc'],
    good: [
      'PAYSTACK_PUBLIC_KEY=pk_live_' + '3e3df5b37ac34c305bb8ef56da09354bd99e11fc',
      'PAYSTACK_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      'STRIPE_SECRET_KEY=sk_live_' + 'ahwv9nlmgKdqzNHgljQRNHxL',
    ],
  },
});
