import { randomLooking } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Infracost API keys (ico-…). */
export default defineRule({
  id: 'infracost-api-key',
  title: 'Infracost API key',
  severity: 'MEDIUM',
  confidence: 0.9,
  keywords: ['ico-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>ico-[A-Za-z0-9]{32})(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  validate: (secret) => randomLooking(secret),
  description: 'A Infracost API key is committed. It calls the Infracost Cloud pricing API and uploads cost estimates on the organisation’s account.',
  remediation: 'Rotate the key in Infracost Cloud (Org settings → API keys) and keep it in a CI secret. Remove the old one from git history.',
  references: ['https://www.infracost.io/docs/features/environment_variables/'],
  docs: {
    summary: 'Infracost API keys (ico-…).',
    bad: [
      'INFRACOST_API_KEY=ico-f3gn01uz' + 'IGYoRvoLV3bJYUPT8aGjucdH',
      'infracost_api_key: "ico-tEf98Uv2' + 'uVpUCwlky0HUW0NFlxqMF6Tr"',
      'const token = \'ico-GhWry1bV' + 'Vx1EWuUbBDaRNUEjmvVLw8Lb\';',
    ],
    good: [
      'INFRACOST_API_KEY=${INFRACOST_API_KEY}',
      'INFRACOST_API_KEY=ico-f3gn01uzIGYoRvoLV',
    ],
  },
});
