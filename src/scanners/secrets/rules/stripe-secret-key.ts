import { defineRule } from '../rule.js';

/**
 * Stripe live-mode secret keys: sk_live_ + 24 to ~100 alphanumerics. Paystack
 * reuses the prefix with exactly 40 lower-case hex characters; those are left
 * to the Paystack rule.
 */
export default defineRule({
  id: 'stripe-secret-key',
  title: 'Stripe secret key',
  severity: 'CRITICAL',
  confidence: 0.95,
  keywords: ['sk_live_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>sk_live_[A-Za-z0-9]{24,247})(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  validate: (secret) => !/^sk_live_[0-9a-f]{40}$/.test(secret),
  description:
    'A Stripe live-mode secret key is committed. It has full access to the Stripe account’s API: it can create charges and refunds, move payouts and read customer and payment data.',
  remediation:
    'Roll the key in the Stripe Dashboard (Developers → API keys), deploy the new one from a secret store, and review the account’s request logs for misuse. Prefer restricted keys with only the permissions needed. Remove the key from git history.',
  references: ['https://docs.stripe.com/keys'],
  docs: {
    summary: 'Stripe live-mode secret API keys (sk_live_).',
    bad: [
      'STRIPE_SECRET_KEY=sk_live_' + 'ahwv9nlmgKdqzNHgljQRNHxL',
      "const stripe = new Stripe('sk_live_" +
        "5151IycnFmVMxjyP6qiBKvCCzyRyt0tok9ozLhH6diRirfRB5uIUhhFNCb4qZAKv8277uVAvQlY0ujnW1lkaVI5FwdjstrjbrJz');",
    ],
    good: [
      'STRIPE_PUBLISHABLE_KEY=pk_live_' + 'ahwv9nlmgKdqzNHgljQRNHxL',
      'STRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx',
      'STRIPE_SECRET_KEY=sk_live_' + 'ahwv9nlm',
      // Paystack's key shape (40 lower-case hex), reported by its own rule.
      'PAYSTACK_SECRET_KEY=sk_live_' + '3e3df5b37ac34c305bb8ef56da09354bd99e11fc',
    ],
  },
});
