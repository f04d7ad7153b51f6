import { defineRule } from '../rule.js';

/** Stripe live-mode restricted keys: rk_live_ + 24 to ~100 alphanumerics. */
export default defineRule({
  id: 'stripe-restricted-key',
  title: 'Stripe restricted key',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['rk_live_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>rk_live_[A-Za-z0-9]{24,247})(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  description:
    'A Stripe live-mode restricted key is committed. It calls the Stripe API with the permissions chosen when it was created, which often include reading customers and payments or creating charges.',
  remediation:
    'Roll or delete the key in the Stripe Dashboard (Developers → API keys), create a new one with the least permissions needed and keep it in a secret store. Remove it from git history.',
  references: ['https://docs.stripe.com/keys#limit-access'],
  docs: {
    summary: 'Stripe live-mode restricted API keys (rk_live_).',
    bad: ['STRIPE_RESTRICTED_KEY="rk_live_' + 'iwvbYTeH2jItyIVmJ786aK2o"'],
    good: ['STRIPE_RESTRICTED_KEY="rk_live_..."', 'STRIPE_RESTRICTED_KEY="rk_test_' + 'iwvbYTeH2jItyIVmJ786aK2o"'],
  },
});
