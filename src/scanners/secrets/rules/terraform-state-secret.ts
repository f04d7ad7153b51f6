import { defineRule } from '../rule.js';

/** Attribute names that describe a secret rather than hold it. */
const NOT_A_VALUE =
  /_(?:ids?|arns?|names?|types?|versions?|length|policy|policies|ttl|expir\w{0,20}|endpoints?|urls?|uris?|paths?|files?|hash|kms\w{0,20}|enabled|required|count|date|time|at|reset_required|last_used|rotation\w{0,20}|source|location|prefix|format|algorithm|usage|wo_version)$/;

/**
 * Secrets in Terraform state (terraform.tfstate and .tfstate.backup): state
 * stores every resource attribute in plain text, sensitive or not, so
 * passwords, generated keys and tokens of the managed resources end up there.
 */
export default defineRule({
  id: 'terraform-state-secret',
  title: 'Secret in Terraform state',
  severity: 'HIGH',
  confidence: 0.75,
  keywords: ['password', 'secret', 'access_key', 'private_key', 'token'],
  pathPattern: /(?:^|\/)[^/]{0,200}\.tfstate(?:\.backup)?$/,
  pattern:
    /"(?<key>[a-z0-9_]{0,40}(?:password|secret|access_key|private_key|token)[a-z0-9_]{0,30})"\s{0,4}:\s{0,4}"(?<secret>(?:[^"\\]|\\.){4,8192})"/,
  validate: (secret, { groups }) => {
    const key = groups.key ?? '';
    if (NOT_A_VALUE.test(key) || /^(?:token_type|secret_type)$/.test(key)) return false;
    if (/^arn:|^\d{4}-\d{2}-\d{2}T|^(?:true|false|null)$/i.test(secret)) return false;
    return secret.length >= 6;
  },
  cwe: 'CWE-522',
  description:
    'A Terraform state file with secret attributes is committed. State holds every attribute of the managed resources in plain text: database passwords, generated private keys, access keys and tokens, even those marked sensitive.',
  remediation:
    'Rotate every secret found in the state, store state in an encrypted remote backend with access control (S3 + KMS, GCS, Terraform Cloud) instead of the repository, add *.tfstate* to .gitignore, and remove the files from git history.',
  references: ['https://developer.hashicorp.com/terraform/language/state/sensitive-data'],
  docs: {
    summary: 'password, secret, access key, private key and token attributes with values in committed .tfstate files.',
    path: 'infra/terraform.tfstate',
    bad: ['            "password": "' + 'Vr4tYq8Nc2Lm7P",', '"master_password": "' + 'Gk8vQ3nZ7wLp", "port": 5432', '            "secret": "' + 'wJ2rXtUtnFEMI/K7MDENG/bPxRfiCYq9Lk3Vz8Tb",'],
    good: ['            "password": null,', '            "secret_arn": "arn:aws:secretsmanager:eu-west-1:123456789012:secret:db-AbC123",', '            "password_last_used": "2024-03-01T10:00:00Z",'],
  },
});
