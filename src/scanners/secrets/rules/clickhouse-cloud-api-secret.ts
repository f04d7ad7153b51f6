import { mixedCase } from '../assigned.js';
import { defineRule } from '../rule.js';

/** ClickHouse Cloud API key secrets (4b1d…, mixed case). */
export default defineRule({
  id: 'clickhouse-cloud-api-secret',
  title: 'ClickHouse Cloud API secret',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['4b1d'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>4b1d[A-Za-z0-9]{38})(?![A-Za-z0-9_-])/,
  minEntropy: 4,
  validate: (secret) => mixedCase(secret),
  description: 'A ClickHouse Cloud API key secret is committed. With its key id it calls the ClickHouse Cloud API with the key’s role: creating, scaling and deleting services and managing the organisation.',
  remediation: 'Delete the API key in the ClickHouse Cloud console (Organisation → API keys) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://clickhouse.com/docs/cloud/manage/openapi'],
  docs: {
    summary: 'ClickHouse Cloud API key secrets (4b1d…, mixed case).',
    bad: [
      'CLICKHOUSE_API_SECRET=4b1dBu2LykKGa4' + 'OMn86v8E3ImZDb5Rfn5zZULWOCUf',
      'clickhouse_cloud_key_secret: "4b1dWu1NUSt13y' + 'v5L46G6mSBrI72tv1eqMIsd6CnWC"',
      'const token = \'4b1dOHrNHsVLxs' + 'ZbOLz4ioqvz0sD13iWKwYOjyu7sb\';',
    ],
    good: [
      'CLICKHOUSE_API_SECRET=${CLICKHOUSE_API_SECRET}',
      'CLICKHOUSE_API_SECRET=4b1dBu2LykKGa4OMn86v8E3Im',
      'checksum = \'4b1d9e2f0a7c6b1d3e5f8a0c2b4d6e8f0a1c3e5b7d9f0a2\'',
    ],
  },
});
