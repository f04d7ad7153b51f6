import { defineRule } from '../rule.js';

/** Legacy Hugging Face organisation API tokens: api_org_ + 34 ASCII letters. */
export default defineRule({
  id: 'huggingface-org-token',
  title: 'Hugging Face organization token',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['api_org_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>api_org_[A-Za-z]{34})(?![A-Za-z0-9_-])/,
  minEntropy: 3.8,
  validate: (secret) => (secret.match(/[A-Z]/g) ?? []).length >= 7 && (secret.match(/[a-z]/g) ?? []).length >= 7,
  description:
    'A Hugging Face organisation API token is committed. It reads and writes the organisation’s private models, datasets and Spaces.',
  remediation:
    'Revoke the token in the organisation’s settings on Hugging Face, switch to a fine-grained user or organisation token kept in a secret store, and remove the old one from git history.',
  references: ['https://huggingface.co/docs/hub/security-tokens'],
  docs: {
    summary: 'Legacy Hugging Face organisation API tokens (api_org_).',
    bad: ['HUGGINGFACE_ORG_TOKEN="api_org_' + 'XtmToDNMTleFvnFIExqcjgZNzXVlVATyyj"'],
    good: ['HUGGINGFACE_ORG_TOKEN="api_org_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"', 'HUGGINGFACE_ORG_TOKEN="api_org_' + 'XtmToDNMTleFvn"'],
  },
});
