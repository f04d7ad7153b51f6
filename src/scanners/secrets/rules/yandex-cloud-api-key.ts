import { mixedCase } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Yandex Cloud service account API keys (AQVN…). */
export default defineRule({
  id: 'yandex-cloud-api-key',
  title: 'Yandex Cloud API key',
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['aqvn'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>AQVN[A-Za-z0-9_-]{35,38})(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  validate: (secret) => mixedCase(secret),
  description: 'A Yandex Cloud API key is committed. It calls Yandex Cloud services as the service account it belongs to, with that account’s roles.',
  remediation: 'Delete the API key of the service account (yc iam api-key delete, or the console) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://yandex.cloud/en/docs/iam/concepts/authorization/api-key'],
  docs: {
    summary: 'Yandex Cloud service account API keys (AQVN…).',
    bad: [
      'YC_API_KEY=AQVNufGxwr6RQ' + 'RS39CHo8JBGQ3GkqrP05B3G9_AS',
      'yandex_api_key: "AQVNTk32Pd8Eb' + 'Bg4ruEbT9qjKlx1c7hKRriqkKg7"',
      'const token = \'AQVNRhfyVQTVD' + 'm60XaLlYvkIhO4BfZ3yTq-pd0dF\';',
    ],
    good: [
      'YC_API_KEY=${YC_API_KEY}',
      'YC_API_KEY=AQVNufGxwr6RQRS39CHo8JBG',
    ],
  },
});
