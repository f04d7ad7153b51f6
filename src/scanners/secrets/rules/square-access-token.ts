import { defineRule } from '../rule.js';

/** Square access tokens: EAAA + 60 base64url characters (current) or sq0atp- + 22 (legacy). */
export default defineRule({
  id: 'square-access-token',
  title: 'Square access token',
  severity: 'CRITICAL',
  confidence: 0.85,
  keywords: ['eaaa', 'sq0atp-'],
  anchored: true,
  // Bounded by non-base64 characters too, so runs inside base64 blobs (where "EAAA" is common) do not match.
  pattern: /(?<![A-Za-z0-9_+/-])(?<secret>EAAA[A-Za-z0-9_-]{60}|sq0atp-[A-Za-z0-9_-]{22})(?![A-Za-z0-9_+/=-])/,
  minEntropy: 3.8,
  description:
    'A Square access token is committed. It acts on the seller’s Square account with its permissions: taking payments and issuing refunds, reading customers, orders and transactions, and managing inventory and employees.',
  remediation:
    'Revoke the token in the Square Developer Dashboard (replace the personal access token, or revoke the OAuth authorisation), deploy a new one from a secret store and review the account’s payments. Remove it from git history.',
  references: ['https://developer.squareup.com/docs/build-basics/access-tokens'],
  docs: {
    summary: 'Square personal and OAuth access tokens (EAAA…, sq0atp-).',
    bad: [
      'SQUARE_ACCESS_TOKEN=EAAA' + '8tqVJPWYDUCDqEUJZBzbBtR0JMc9FTkSgnS8INpo14DbrEQ0vQfE93fUCUZd',
      "accessToken: 'sq0atp-" + "McwFmvTmADm8co1ur8IbPK'",
    ],
    good: [
      'SQUARE_ACCESS_TOKEN=EAAA' + 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      'SQUARE_ACCESS_TOKEN=EAAA' + '8tqVJPWYDUCDqEUJZBzbBtR0JMc9FTkSgnS8',
      'SQUARE_APPLICATION_ID=sq0idp-' + 'cwFmvTmADm8co1ur8IbPKq',
    ],
  },
});
