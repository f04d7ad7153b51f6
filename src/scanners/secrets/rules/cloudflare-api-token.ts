import { defineRule } from '../rule.js';

/** The line names Cloudflare or one of the CF_* variables its tools read. */
const CONTEXT = /cloudflare|(?<![a-z])cf[_-][a-z_-]{0,30}(?:token|key)/i;

/** Cloudflare API tokens: 40 URL-safe characters, with Cloudflare context on the line. */
export default defineRule({
  id: 'cloudflare-api-token',
  title: 'Cloudflare API token',
  severity: 'HIGH',
  confidence: 0.7,
  keywords: ['cloudflare', 'cf_', 'cf-'],
  pattern: /(?<![A-Za-z0-9_-])(?<secret>[A-Za-z0-9][A-Za-z0-9_-]{38}[A-Za-z0-9])(?![A-Za-z0-9_-])/,
  minEntropy: 4,
  validate: (secret, { line }) =>
    /[a-z]/.test(secret) && /[A-Z]/.test(secret) && /[0-9]/.test(secret) && CONTEXT.test(line),
  description:
    'A Cloudflare API token is committed. It calls the Cloudflare API with the permissions it was given, for example editing DNS records, Workers, firewall rules or zone settings of the accounts and zones it covers.',
  remediation:
    'Roll or delete the token under My Profile → API Tokens (or the account’s API tokens page), issue a replacement with the narrowest permissions, zone list and IP filter, and store it in CI secrets or a secret manager. Remove it from git history.',
  references: ['https://developers.cloudflare.com/fundamentals/api/get-started/create-token/'],
  docs: {
    summary: 'Cloudflare API tokens (40 characters) assigned to CLOUDFLARE_API_TOKEN, CF_API_TOKEN and similar names.',
    bad: ['CLOUDFLARE_API_TOKEN=LSz6kdYApsBrGym0Gr4X' + 'zo8BUHQOjdY3Tlso0OYG', 'cf_dns_api_token: "IXcO5SQ5QTiWP2yHABfj' + 'xSF7fl7wxGdDTVzuTtdL"'],
    good: [
      'uses: cloudflare/wrangler-action@146b59c2dc1d5889ea64' + '2b89413615c7797d8e0d',
      'CLOUDFLARE_API_TOKEN=${{ secrets.CLOUDFLARE_API_TOKEN }}',
      'build_id = "sBizEaVBAHnLL4UP2CJ6' + 'fA7ON4JPrAykWC9Yh9jn"',
    ],
  },
});
