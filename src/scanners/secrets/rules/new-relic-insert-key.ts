import { defineRule } from '../rule.js';

/** New Relic Insights insert keys: NRII- + 32 URL-safe characters. */
export default defineRule({
  id: 'new-relic-insert-key',
  title: 'New Relic insert key',
  severity: 'MEDIUM',
  confidence: 0.9,
  keywords: ['nrii-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>NRII-[A-Za-z0-9_-]{32})(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  description:
    'A New Relic insert key is committed. It sends events, metrics and logs into the account, so anyone holding it can inject false telemetry or run up data ingest charges.',
  remediation:
    'Delete the insert key under API keys in New Relic, create a replacement (or an ingest license key), and keep it in a secret manager or the deployment environment. Remove it from git history.',
  references: ['https://docs.newrelic.com/docs/apis/intro-apis/new-relic-api-keys/'],
  docs: {
    summary: 'New Relic Insights insert keys (NRII-…).',
    bad: ['NEW_RELIC_INSERT_KEY=NRII-' + 'ELJc1xOqmL9Go6KITs0cqXGo0kkbTQmg'],
    good: ['NEW_RELIC_INSERT_KEY=NRII-' + 'vJIbOOUAAtqYn8CAxELa', 'NEW_RELIC_INSERT_KEY=${NR_INSERT_KEY}'],
  },
});
