import { defineRule } from '../rule.js';

/** New Relic ingest license keys: 40 characters ending in NRAL (EU keys start eu01xx). */
export default defineRule({
  id: 'new-relic-license-key',
  title: 'New Relic license key',
  severity: 'MEDIUM',
  confidence: 0.9,
  keywords: ['nral'],
  pattern: /(?<![A-Za-z0-9_-])(?<secret>(?:eu01xx[a-f0-9]{30}|[a-f0-9]{36})NRAL)(?![A-Za-z0-9_-])/,
  minEntropy: 3,
  validate: (secret) => /[0-9]/.test(secret) && /[a-f]/.test(secret.replace(/^eu01xx/, '')),
  description:
    'A New Relic ingest license key is committed. Agents use it to report all APM, infrastructure and log data to the account, so anyone holding it can send data in its name and run up ingest charges.',
  remediation:
    'Create a new ingest license key under API keys in New Relic, roll it out to agents through environment variables or a secret manager, then delete the leaked key. Remove it from git history.',
  references: ['https://docs.newrelic.com/docs/apis/intro-apis/new-relic-api-keys/#license-key'],
  docs: {
    summary: 'New Relic ingest license keys (40 characters ending in NRAL).',
    bad: ['NEW_RELIC_LICENSE_KEY=abe5d5fbefb1890952677bc3ec5389c0cdb3' + 'NRAL', "license_key: 'eu01xx235a54fba94e1a99ee5741509d2c4d" + "NRAL'"],
    good: ['NEW_RELIC_LICENSE_KEY=c4756414ceb6f48ae974ad036e167e' + 'NRAL', 'NEW_RELIC_LICENSE_KEY=${NEW_RELIC_LICENSE_KEY}'],
  },
});
