import { defineRule } from '../rule.js';

/** Plaid Item access tokens for real bank data: access-production- / access-development- + UUID. */
export default defineRule({
  id: 'plaid-access-token',
  title: 'Plaid access token',
  severity: 'HIGH',
  confidence: 0.92,
  keywords: ['access-production-', 'access-development-'],
  anchored: true,
  pattern:
    /(?<![A-Za-z0-9_-])(?<secret>access-(?:production|development)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description:
    'A Plaid access token is committed. Together with the application’s client id and secret it reads the linked bank Item: accounts, balances, transactions and account holder identity.',
  remediation:
    'Remove the Item (/item/remove) or rotate its access token (/item/access_token/invalidate), store access tokens only in an encrypted database or secret store, and remove it from git history.',
  references: ['https://plaid.com/docs/api/items/#itemaccess_tokeninvalidate'],
  docs: {
    summary: 'Plaid production and development Item access tokens.',
    bad: ['access_token = "access-production-' + '5d5e195e-7788-4177-be21-d43e3fbe3d4e"'],
    good: ['access_token = "access-sandbox-' + '5d5e195e-7788-4177-be21-d43e3fbe3d4e"', 'access_token = "access-production-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"'],
  },
});
