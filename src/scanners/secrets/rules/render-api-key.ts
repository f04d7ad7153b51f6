import { defineRule } from '../rule.js';

/** Render API keys with the rnd_ prefix. */
export default defineRule({
  id: 'render-api-key',
  title: 'Render API key',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['rnd_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>rnd_[A-Za-z0-9]{28,40})(?![A-Za-z0-9_])/,
  minEntropy: 3.8,
  validate: (secret) => /[a-z]/.test(secret.slice(4)) && /[A-Z]/.test(secret.slice(4)) && /[0-9]/.test(secret),
  description:
    'A Render API key is committed. It acts as its owner on every workspace they belong to: deploying and deleting services, reading and changing environment variables and managing databases.',
  remediation:
    'Revoke the key under Account Settings → API Keys in the Render dashboard, create a replacement, and keep it in CI secrets or a secret manager. Remove it from git history.',
  references: ['https://render.com/docs/api#1-create-an-api-key'],
  docs: {
    summary: 'Render API keys (rnd_…).',
    bad: ['RENDER_API_KEY=rnd_' + 'UZlAgW95kAnoXkUasKwZBYAHQzvTcrnv'],
    good: ['RENDER_API_KEY=rnd_' + '0p3tu0h3v4JOpD2i', 'RENDER_API_KEY=${RENDER_API_KEY}'],
  },
});
