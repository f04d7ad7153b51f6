import { defineRule } from '../rule.js';

/** Okta API tokens (SSWS): 00 + 40 URL-safe characters, with Okta context on the line. */
export default defineRule({
  id: 'okta-api-token',
  title: 'Okta API token',
  severity: 'CRITICAL',
  confidence: 0.75,
  keywords: ['okta', 'ssws'],
  pattern: /(?<![A-Za-z0-9_-])(?<secret>00[A-Za-z0-9_-]{40})(?![A-Za-z0-9_-])/,
  minEntropy: 4,
  validate: (secret, { line }) => /[a-z]/.test(secret) && /[A-Z]/.test(secret) && /[0-9]/.test(secret.slice(2)) && /okta|ssws/i.test(line),
  description:
    'An Okta API token is committed. It calls the Okta management API with the permissions of the administrator who created it, which can include managing users, groups, applications and authentication policies.',
  remediation:
    'Revoke the token under Security → API → Tokens in the Okta admin console, check the system log for its use, and prefer OAuth 2.0 service apps with scoped access. Keep any token in a secret manager and remove it from git history.',
  references: ['https://developer.okta.com/docs/guides/create-an-api-token/main/'],
  docs: {
    summary: 'Okta API tokens (00 + 40 characters) next to Okta names or an SSWS authorization header.',
    bad: ['OKTA_API_TOKEN=00' + 'RUojli3yxlA28rY7Kru6bBlZM_IcBmz2nZZQxOGs', 'curl -H "Authorization: SSWS 00' + '8bfiqjfzHxkYGiIm9lRoe5MuxodL4IA1xqmgDYnl" https://acme.okta.com/api/v1/users'],
    good: ['OKTA_API_TOKEN=${OKTA_API_TOKEN}', 'OKTA_CLIENT_ID=0oa' + 'BbqucFrpWdi8AtFYc', 'order_id = "00' + 'HYMl8AyDMbyf_9G9XQxzm2bIVA4Bvhqk0_KRM5xx"'],
  },
});
