import { defineRule } from '../rule.js';

/** Test keys published in Stripe's own documentation (a shared demo account): public, not leaks. */
const DOCUMENTED = new Set(['sk_test_' + '4eC39HqLyjWDarjtT1zdp7dc', 'sk_test_' + 'BQokikJOvBiI2HlWgH4olfQ2', 'sk_test_' + '26PHem9AhJZvU623DfE1x4sd']);

/** Stripe test-mode secret and restricted keys: sk_test_ / rk_test_ + 24 to ~100 alphanumerics. */
export default defineRule({
  id: 'stripe-test-secret-key',
  title: 'Stripe test-mode secret key',
  severity: 'MEDIUM',
  confidence: 0.85,
  keywords: ['sk_test_', 'rk_test_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>[sr]k_test_[A-Za-z0-9]{24,247})(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  // 40 lower-case hex characters is Paystack's shape, not Stripe's.
  validate: (secret) => !/^sk_test_[0-9a-f]{40}$/.test(secret) && !DOCUMENTED.has(secret),
  description:
    'A Stripe test-mode secret key is committed. It cannot move real money, but it reads and changes the account’s test data and configuration and reveals the account it belongs to.',
  remediation:
    'Roll the test key in the Stripe Dashboard (Developers → API keys, test mode) and load keys from the environment or a secret store, even in development. Remove it from git history.',
  references: ['https://docs.stripe.com/keys#test-live-modes'],
  docs: {
    summary: 'Stripe test-mode secret and restricted keys (sk_test_, rk_test_).',
    bad: ['stripe.api_key = "sk_test_' + '0sniovBVhNQv3p1krMVhJA6G"'],
    good: [
      'stripe.api_key = "sk_test_..."',
      'stripe.api_key = os.environ["STRIPE_SECRET_KEY"]  # sk_test_ in development',
      'publishableKey: "pk_test_' + '0sniovBVhNQv3p1krMVhJA6G"',
      // The key from Stripe's documentation.
      "Stripe.api_key = 'sk_test_" + "4eC39HqLyjWDarjtT1zdp7dc'",
    ],
  },
});
