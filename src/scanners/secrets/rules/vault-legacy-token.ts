import { defineRule } from '../rule.js';

/** Pre-1.10 Vault service tokens: s. + 24 characters, only where the line names Vault. */
export default defineRule({
  id: 'vault-legacy-token',
  title: 'HashiCorp Vault token',
  severity: 'CRITICAL',
  confidence: 0.7,
  keywords: ['vault'],
  pattern: /(?<![A-Za-z0-9_.-])(?<secret>s\.[A-Za-z0-9]{24})(?![A-Za-z0-9_.-])/,
  minEntropy: 3.5,
  validate: (secret) => /[a-z]/.test(secret.slice(2)) && /[A-Z]/.test(secret) && /[0-9]/.test(secret),
  description:
    'A HashiCorp Vault token in the pre-1.10 format is committed. Until it expires or is revoked it reads and writes the secrets its policies allow, and a root or broadly privileged token controls the whole Vault.',
  remediation:
    'Revoke the token (vault token revoke, or revoke its accessor), check the audit log for its use, and have clients authenticate at run time (AppRole, Kubernetes, cloud or OIDC auth) with short TTLs. Remove it from git history.',
  references: ['https://developer.hashicorp.com/vault/docs/concepts/tokens'],
  docs: {
    summary: 'Legacy Vault service tokens (s.…) next to VAULT_TOKEN, X-Vault-Token or another Vault name.',
    bad: ['VAULT_TOKEN=s.' + '7pAksYATYsppbCycsG0Jj2pW', 'vault_token: "s.' + 'wyRMaRoFIkwcmsRlJRRsakF9"'],
    good: ['session = "s.' + '3xZ0k4TSusCml8BANQ7BzJOE"', 'VAULT_TOKEN=s.' + 'Y7aHuV2ICiRjajkJxF01', 'VAULT_TOKEN=${VAULT_TOKEN}'],
  },
});
