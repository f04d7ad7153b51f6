import { defineRule } from '../rule.js';

/** HashiCorp Vault tokens in the 1.10+ format: hvs. (service), hvb. (batch), hvr. (recovery). */
export default defineRule({
  id: 'vault-token',
  title: 'HashiCorp Vault token',
  severity: 'CRITICAL',
  confidence: 0.9,
  keywords: ['hvs.', 'hvb.', 'hvr.'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_.-])(?<secret>hv[sbr]\.[A-Za-z0-9_-]{24,400}(?:\.[A-Za-z0-9]{4,8})?)(?![A-Za-z0-9_-])/,
  minEntropy: 3.8,
  validate: (secret) => /[a-z]/.test(secret.slice(4)) && /[A-Z]/.test(secret) && /[0-9]/.test(secret),
  description:
    'A HashiCorp Vault token is committed. Until it expires or is revoked it reads and writes the secrets its policies allow, and a root or broadly privileged token controls the whole Vault.',
  remediation:
    'Revoke the token (vault token revoke, or revoke its accessor), check the audit log for its use, and have clients authenticate at run time (AppRole, Kubernetes, cloud or OIDC auth) with short TTLs. Remove it from git history.',
  references: ['https://developer.hashicorp.com/vault/docs/concepts/tokens#token-prefixes'],
  docs: {
    summary: 'Vault service, batch and recovery tokens (hvs., hvb., hvr.).',
    bad: ['VAULT_TOKEN=hvs.' + 'CAESI7N31Q-_VBbhb0axlXN_e7OCq8GjukKpwvm7K4onzeFgtjnSTjlpQ-ZxJPQTAkefC0753nU4zUdA8KYysD9uJoSx5Ll', 'X-Vault-Token: hvs.' + 'lpouUZ7dkQaUi5O2Q1val6im'],
    good: ['VAULT_TOKEN=hvs.' + 'jwOonRqrHg4d', 'VAULT_TOKEN=$(vault print token)', 'vault token lookup hvs.XXXXXXXXXXXXXXXXXXXXXXXX'],
  },
});
