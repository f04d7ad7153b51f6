import { defineRule } from '../rule.js';

/** Flutterwave test-mode secret keys: FLWSECK_TEST- + 32 hex characters + -X. */
export default defineRule({
  id: 'flutterwave-test-secret-key',
  title: 'Flutterwave test secret key',
  severity: 'MEDIUM',
  confidence: 0.9,
  keywords: ['flwseck_test-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>FLWSECK_TEST-[a-fA-F0-9]{32}(?:-X)?)(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description:
    'A Flutterwave test-mode secret key is committed. It cannot move real money but reads and changes the account’s test data and identifies the merchant account.',
  remediation:
    'Regenerate the test keys in the Flutterwave dashboard and load keys from the environment or a secret store, also in development. Remove it from git history.',
  references: ['https://developer.flutterwave.com/docs/authentication'],
  docs: {
    summary: 'Flutterwave test-mode secret keys (FLWSECK_TEST-).',
    bad: ['FLW_SECRET_KEY=FLWSECK_TEST-' + 'f6c17a3501c62977b2fcb083bddeb9ae-X'],
    good: ['FLW_SECRET_KEY=FLWSECK_TEST-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx-X', 'FLW_PUBLIC_KEY=FLWPUBK_TEST-' + 'f6c17a3501c62977b2fcb083bddeb9ae-X'],
  },
});
