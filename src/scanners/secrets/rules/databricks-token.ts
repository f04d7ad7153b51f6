import { defineRule } from '../rule.js';

/** Databricks personal access tokens: dapi + 32 hex, sometimes with a -N suffix. */
export default defineRule({
  id: 'databricks-token',
  title: 'Databricks personal access token',
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['dapi'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>dapi[a-f0-9]{32}(?:-[0-9])?)(?![A-Za-z0-9_-])/,
  minEntropy: 3,
  description:
    'A Databricks personal access token is committed. It acts as its owner in the workspace: reading tables and files, running notebooks, jobs and SQL, and managing clusters within their permissions.',
  remediation:
    'Revoke the token under User Settings → Developer → Access tokens (workspace admins can revoke any token), prefer OAuth for service principals, and keep any token in a secret scope or CI secrets. Remove it from git history.',
  references: ['https://docs.databricks.com/en/dev-tools/auth/pat.html'],
  docs: {
    summary: 'Databricks personal access tokens (dapi…).',
    bad: ['DATABRICKS_TOKEN=dapi' + 'a997b700ab30c5e6aa0bd771b204abbc', 'token = "dapi' + 'b09a3c332382f05d0c0edb865e55f77b-2"'],
    good: ['DATABRICKS_TOKEN=dapi' + '3dca3a0fbd136570ee876593', 'DATABRICKS_TOKEN={{secrets/ci/databricks}}'],
  },
});
