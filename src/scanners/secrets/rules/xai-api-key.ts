import { defineRule } from '../rule.js';

/** xAI (Grok) API keys (xai-…). */
export default defineRule({
  id: 'xai-api-key',
  title: 'xAI API key',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['xai-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>xai-[A-Za-z0-9_]{80})(?![A-Za-z0-9_-])/,
  minEntropy: 4,
  description: 'A xAI API key is committed. It calls the xAI (Grok) API billed to the team, and can read the team’s stored files and batches.',
  remediation: 'Delete the key in the xAI console (API keys) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.x.ai/docs/overview'],
  docs: {
    summary: 'xAI (Grok) API keys (xai-…).',
    bad: [
      'XAI_API_KEY=xai-bHjJYtaU0EuyLeTPVg6Ndo9i' + 'Jh4gQwQvQdal18kT5PfOI9qBGRv1vceOLGwUW0qIE4kcjrOTBi7q5qed',
      'grok_api_key: "xai-l7FySRBUnL0Vi1WdzxN2tILl' + 'QCcJeXzzPhOM7yiijrUszTODawEIpLmgRpUsx1bCaLAcMw5IEp9AOb6X"',
      'const token = \'xai-9AiqysVQzcpMxFyjw7g4QmXL' + 'wuB8USvUIuUHsuqXIFsiT1booQOkpbYRIrKFDNOepDGObd0Fq3qAWP1K\';',
    ],
    good: [
      'XAI_API_KEY=${XAI_API_KEY}',
      'XAI_API_KEY=xai-bHjJYtaU0EuyLeTPVg6Ndo9iJh4gQwQvQdal18kT5PfOI9',
    ],
  },
});
