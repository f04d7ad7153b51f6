import { defineRule } from '../rule.js';

/** Prefect Cloud API keys (pnu_…). */
export default defineRule({
  id: 'prefect-api-key',
  title: 'Prefect API key',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['pnu_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>pnu_[A-Za-z0-9]{36})(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  description: 'A Prefect API key is committed. It acts as its user (or service account) in Prefect Cloud workspaces: running and editing flows and deployments, reading blocks that may hold other credentials.',
  remediation: 'Delete the key in Prefect Cloud (Profile → API keys) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.prefect.io/v3/how-to-guides/cloud/manage-users/api-keys'],
  docs: {
    summary: 'Prefect Cloud API keys (pnu_…).',
    bad: [
      'PREFECT_API_KEY=pnu_9OrR41P5Q' + 'LdGIgvLyk0Mk4y41NzkNtm6edtX',
      'prefect_api_key: "pnu_fCO1REznx' + '4jmpsfHLwHb5582nPEGzr5qEBHX"',
      'const token = \'pnu_dm0BFHfTC' + 'HzXghI3cNSF1DXm0658v952v2D3\';',
    ],
    good: [
      'PREFECT_API_KEY=${PREFECT_API_KEY}',
      'PREFECT_API_KEY=pnu_9OrR41P5QLdGIgvLyk0M',
    ],
  },
});
