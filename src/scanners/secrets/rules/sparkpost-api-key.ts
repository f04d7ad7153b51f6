import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** SparkPost API keys assigned to a SparkPost setting. */
export default defineRule({
  id: 'sparkpost-api-key',
  title: 'SparkPost API key',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['sparkpost'],
  multiline: true,
  pattern: assignedTo(String.raw`sparkpost`, String.raw`[a-f0-9]{40}`),
  minEntropy: 3,
  description: 'A SparkPost API key is committed. It sends email from the account’s verified domains and reads recipient lists and events.',
  remediation: 'Delete the key in SparkPost (Configuration → API keys) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://developers.sparkpost.com/api/#header-authorization'],
  docs: {
    summary: 'SparkPost API keys assigned to a SparkPost setting.',
    bad: [
      'SPARKPOST_API_KEY=59e8ce2641fb9' + '0889e0ec1446ee34090ab5d512c',
      'sparkpost_api_key: "fffa99eb23459' + '775d870a77a3a0ad0a82da6e8f3"',
      '  "sparkpostApiKey": "42ab9bb10a93e' + '2aec95059d557458e4011bd18f2",',
    ],
    good: [
      'SPARKPOST_API_KEY=${SPARKPOST_API_KEY}',
      'SPARKPOST_API_KEY=59e8ce2641fb90889e0ec144',
      'OTHER_SERVICE_KEY=59e8ce2641fb9' + '0889e0ec1446ee34090ab5d512c',
    ],
  },
});
