import { defineRule } from '../rule.js';

/** Databricks service principal OAuth secrets: dose + 32 hex. */
export default defineRule({
  id: 'databricks-oauth-secret',
  title: 'Databricks OAuth secret',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['dose'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>dose[a-f0-9]{32})(?![A-Za-z0-9_-])/,
  minEntropy: 3,
  validate: (secret) => /[0-9]/.test(secret) && /[a-f]/.test(secret.slice(4)),
  description:
    'A Databricks service principal OAuth secret is committed. With the client id it obtains access tokens as the service principal, with all of its workspace and account permissions.',
  remediation:
    'Delete the secret on the service principal’s Secrets tab in the account console or workspace admin settings, create a new one, and keep it in a secret manager or CI secrets. Remove it from git history.',
  references: ['https://docs.databricks.com/en/dev-tools/auth/oauth-m2m.html'],
  docs: {
    summary: 'Databricks OAuth client secrets of service principals (dose…).',
    bad: ['DATABRICKS_CLIENT_SECRET=dose' + 'e6e7cba10bd479a0edd45355254501dd'],
    good: ['DATABRICKS_CLIENT_SECRET=dose' + 'be1b94f2d5b473061f66', 'max_dose = 250'],
  },
});
