import { defineRule } from '../rule.js';

/** ReadMe API keys (rdme_…). */
export default defineRule({
  id: 'readme-api-key',
  title: 'ReadMe API key',
  severity: 'MEDIUM',
  confidence: 0.95,
  keywords: ['rdme_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>rdme_[a-z0-9]{70})(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  description: 'A ReadMe API key is committed. It edits the project’s developer hub on ReadMe: documentation, API definitions and changelogs.',
  remediation: 'Revoke the key in the ReadMe dashboard (API keys) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.readme.com/main/reference/intro/authentication'],
  docs: {
    summary: 'ReadMe API keys (rdme_…).',
    bad: [
      'README_API_KEY=rdme_io5ynjljyje14t4tx6yi' + '2mo79qggakdgxg3kuz3qq6iyrpbu20nej7rg4g3hldude5prym',
      'rdme_api_key: "rdme_329gvqe2tko8vjzd3tcp' + 'r37eku34ozgu237prh6rp6gg2xozjmhkaihqkp46sd0tupcahm"',
      'const token = \'rdme_lm42sdmf0n7zfn4l0tg6' + 'yb5f8nfeune4rdnnw0klqoge178v41ul2chr0721pay6yqqjkg\';',
    ],
    good: [
      'README_API_KEY=${README_API_KEY}',
      'README_API_KEY=rdme_io5ynjljyje14t4tx6yi2mo79qggakdgxg3kuz3q',
    ],
  },
});
