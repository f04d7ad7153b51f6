import { defineRule } from '../rule.js';

/** 1Password service account tokens: ops_ + base64url JSON with the sign-in details and key material. */
export default defineRule({
  id: 'onepassword-service-account-token',
  title: '1Password service account token',
  severity: 'CRITICAL',
  confidence: 0.95,
  keywords: ['ops_ey'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>ops_eyJ[A-Za-z0-9+/_-]{100,4000}={0,2})(?![A-Za-z0-9+/=_-])/,
  minEntropy: 4,
  validate: (secret) => {
    try {
      const value: unknown = JSON.parse(Buffer.from(secret.slice(4), 'base64').toString('utf8'));
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    } catch {
      return false;
    }
  },
  description:
    'A 1Password service account token is committed. It reads (and, if granted, writes) every item in the vaults the service account can access, which are usually full of other credentials.',
  remediation:
    'Revoke the token on the service account’s page in 1Password (Developer → Service accounts), rotate the secrets in the vaults it could read, and keep the replacement in CI secrets (OP_SERVICE_ACCOUNT_TOKEN). Remove it from git history.',
  references: ['https://developer.1password.com/docs/service-accounts/'],
  docs: {
    summary: '1Password service account tokens (ops_eyJ…) whose payload decodes to JSON.',
    bad: ['OP_SERVICE_ACCOUNT_TOKEN=ops_' + 'eyJzaWduSW5BZGRyZXNzIjoibmltYnVzbGFicy4xcGFzc3dvcmQuY29tIiwidXNlckF1dGgiOnsibWV0aG9kIjoiU1JQZy00MDk2IiwiYWxnIjoiUEJFUzJnLUhTMjU2IiwiaXRlcmF0aW9ucyI6NjUwMDAwLCJzYWx0IjoicloyNnQ3T2dPcGc5OGJ3X3RsaEZ6cSJ9LCJlbWFpbCI6IjFpdHlyZnFyemluNzlAMXBhc3N3b3Jkc2VydmljZWFjY291bnRzLmNvbSIsInNycFgiOiI4NGM1NTk5YzU5NzhhN2ZmODQxYjVkNmM2MTkxMDcyYzcxNGZjY2E4NWI4YTFlZDkyNTMyMDZlNTQzNGZkYWI1IiwibXVrIjp7ImFsZyI6IkEyNTZHQ00iLCJleHQiOnRydWUsImsiOiI1WDJjUWhmeU9lYm1FaXlBRG9rY2FaMUtSV0lDVldYQV96TEI0cU9zUjY3Iiwia2V5X29wcyI6WyJlbmNyeXB0IiwiZGVjcnlwdCJdLCJrdHkiOiJvY3QiLCJraWQiOiJtcCJ9LCJzZWNyZXRLZXkiOiJBMy1TMzlXWjgtR0hFRlgwIiwiZGV2aWNlVXVpZCI6IjJ6ZXM1bWVyMm9xcXQxYXRuN2ZhejRlb24yIn0'],
    good: ['OP_SERVICE_ACCOUNT_TOKEN=ops_' + 'eyJ' + 'AP48nqH637jA3MvzET6TWJ9pIqn29W', 'OP_SERVICE_ACCOUNT_TOKEN=${{ secrets.OP_SERVICE_ACCOUNT_TOKEN }}'],
  },
});
