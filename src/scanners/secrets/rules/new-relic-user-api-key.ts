import { defineRule } from '../rule.js';

/** New Relic user API keys: NRAK- + 27 upper-case alphanumerics. */
export default defineRule({
  id: 'new-relic-user-api-key',
  title: 'New Relic user API key',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['nrak-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>NRAK-[A-Z0-9]{27})(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  description:
    'A New Relic user API key is committed. It calls NerdGraph as its user on every account they can reach: querying all telemetry, and changing alerts, dashboards, synthetics and account settings their roles allow.',
  remediation:
    'Delete the key under API keys in New Relic (User key type), create a replacement, and keep it in a secret manager or CI secrets. Remove it from git history.',
  references: ['https://docs.newrelic.com/docs/apis/intro-apis/new-relic-api-keys/'],
  docs: {
    summary: 'New Relic user API keys (NRAK-…).',
    bad: ['NEW_RELIC_API_KEY=NRAK-' + 'N687VRMNIE85QFQIOVMCP3KYUQ6'],
    good: ['NEW_RELIC_API_KEY=NRAK-' + 'X5PW87MX9R732H30X5GY', 'NEW_RELIC_API_KEY=${NEW_RELIC_API_KEY}'],
  },
});
