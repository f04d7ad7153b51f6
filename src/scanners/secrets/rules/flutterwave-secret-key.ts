import { defineRule } from '../rule.js';

/** Flutterwave live secret keys: FLWSECK- + 32 hex characters + -X. */
export default defineRule({
  id: 'flutterwave-secret-key',
  title: 'Flutterwave secret key',
  severity: 'CRITICAL',
  confidence: 0.95,
  keywords: ['flwseck-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>FLWSECK-[a-fA-F0-9]{32}(?:-X)?)(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description:
    'A Flutterwave live secret key is committed. It authenticates to the Flutterwave API: it charges cards and accounts, initiates transfers and refunds, and reads customer and transaction data.',
  remediation:
    'Regenerate the API keys in the Flutterwave dashboard (Settings → API Keys), deploy the new secret key from a secret store, and review transfers and transactions. Remove it from git history.',
  references: ['https://developer.flutterwave.com/docs/authentication'],
  docs: {
    summary: 'Flutterwave live secret keys (FLWSECK-).',
    bad: ['FLW_SECRET_KEY=FLWSECK-' + 'a63f4b19a6f4a2bcbb5d01a54eacfda2-X'],
    good: [
      'FLW_SECRET_KEY=FLWSECK_TEST-' + 'a63f4b19a6f4a2bcbb5d01a54eacfda2-X',
      'FLW_SECRET_KEY=FLWSECK-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx-X',
      'FLW_PUBLIC_KEY=FLWPUBK-' + 'a63f4b19a6f4a2bcbb5d01a54eacfda2-X',
    ],
  },
});
