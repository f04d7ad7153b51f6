import { defineRule } from '../rule.js';

/** Hugging Face user access tokens: hf_ + 34 ASCII letters. */
export default defineRule({
  id: 'huggingface-token',
  title: 'Hugging Face access token',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['hf_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>hf_[A-Za-z]{34})(?![A-Za-z0-9_-])/,
  minEntropy: 3.8,
  // Random letters mix cases evenly; a long CamelCase identifier such as hf_HubModelDownloadConfiguration does not.
  validate: (secret) => (secret.match(/[A-Z]/g) ?? []).length >= 7 && (secret.match(/[a-z]/g) ?? []).length >= 7,
  description:
    'A Hugging Face user access token is committed. Depending on its role it downloads private models and datasets or pushes to every repository, Space and organisation its owner can write to.',
  remediation:
    'Invalidate the token under Hugging Face Settings → Access Tokens, create a new fine-grained token with the least permissions needed and load it from HF_TOKEN or a secret store. Remove it from git history.',
  references: ['https://huggingface.co/docs/hub/security-tokens'],
  docs: {
    summary: 'Hugging Face user access tokens (hf_).',
    bad: ['HF_TOKEN=hf_' + 'apNytNZvNBDvntFMPQeOImFEYvuHJPSxXN', 'login(token="hf_' + 'apNytNZvNBDvntFMPQeOImFEYvuHJPSxXN")'],
    good: [
      'HF_TOKEN=hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      'def hf_HubModelDownloadConfigurationPathsz(): pass',
      'HF_TOKEN=hf_' + 'apNytNZvNBDvntFMPQeOIm',
    ],
  },
});
