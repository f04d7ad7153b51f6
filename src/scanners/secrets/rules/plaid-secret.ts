import { defineRule } from '../rule.js';

/** Plaid API secrets: 30 hex characters, without prefix, assigned to a Plaid-named secret variable. */
export default defineRule({
  id: 'plaid-secret',
  title: 'Plaid API secret',
  severity: 'CRITICAL',
  confidence: 0.7,
  keywords: ['plaid'],
  pattern:
    /(?<![A-Za-z0-9])plaid[A-Za-z0-9_.-]{0,30}secret[A-Za-z0-9_-]{0,20}["'\]]?\s{0,4}(?::=|=>|=|:)\s{0,4}["'`]?(?<secret>[a-f0-9]{30})(?![A-Za-z0-9_-])/i,
  minEntropy: 3.2,
  description:
    'A Plaid API secret is committed. With the (non-secret) client id it calls the Plaid API for the environment it belongs to: exchanging public tokens and reading linked bank accounts, balances, transactions and identity data.',
  remediation:
    'Rotate the secret in the Plaid Dashboard (Developers → Keys), deploy the new one from a secret store and review API activity. Remove it from git history.',
  references: ['https://plaid.com/docs/api/#keys-and-access-tokens'],
  docs: {
    summary: 'Plaid API secrets assigned to a Plaid-named secret variable.',
    bad: ['PLAID_SECRET=' + 'f4dc08316eaecf1ef7ed23917b52b8', "plaidSecret: '" + "f4dc08316eaecf1ef7ed23917b52b8',"],
    good: ['PLAID_CLIENT_ID=' + 'f4dc08316eaecf1ef7ed2391', 'PLAID_SECRET=your_plaid_secret', 'OTHER_SECRET=' + 'f4dc08316eaecf1ef7ed23917b52b8'],
  },
});
