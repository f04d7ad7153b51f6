import { defineRule } from '../rule.js';

/** The line names Cloudflare, its X-Auth-Key header or a CF_*KEY variable. */
const CONTEXT = /cloudflare|x-auth-key|(?<![a-z])cf[_-][a-z_-]{0,30}key/i;

/** Cloudflare Global API keys: 37 lower-case hex characters, with Cloudflare context on the line. */
export default defineRule({
  id: 'cloudflare-global-api-key',
  title: 'Cloudflare global API key',
  severity: 'CRITICAL',
  confidence: 0.75,
  keywords: ['cloudflare', 'x-auth-key', 'cf_', 'cf-'],
  pattern: /(?<![A-Za-z0-9_-])(?<secret>[a-f0-9]{37})(?![A-Za-z0-9_-])/,
  minEntropy: 3,
  validate: (secret, { line }) => /[a-f]/.test(secret) && /[0-9]/.test(secret) && CONTEXT.test(line),
  description:
    'A Cloudflare Global API key is committed. With the account e-mail it has every permission of the user on every account and zone they can reach, including DNS, SSL, Workers and account settings.',
  remediation:
    'Change the key under My Profile → API Tokens → Global API Key (View → Change), replace its uses with scoped API tokens, and keep any remaining key in a secret manager. Remove it from git history.',
  references: ['https://developers.cloudflare.com/fundamentals/api/get-started/keys/'],
  docs: {
    summary: 'Cloudflare Global API keys (37 hex characters) next to Cloudflare, X-Auth-Key or CF_API_KEY.',
    bad: ['CLOUDFLARE_API_KEY=4f0abb83be1543e42e58' + 'e39b8065dfa70f86f', 'curl -H "X-Auth-Email: ops@acme.io" -H "X-Auth-Key: ed06f547b188a7d05081' + 'd02ae7c5fac6d1f21"'],
    good: ['CLOUDFLARE_ZONE_ID=ee8a3c08844188db' + 'a2bf0cb52c66d667', 'CLOUDFLARE_API_KEY=${CF_KEY}', 'digest = "a5b387d96ee04d0fb3c6' + 'eeca92272d5f34c2e"'],
  },
});
