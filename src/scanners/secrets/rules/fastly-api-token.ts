import { assignedTo, notHexDigest } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Fastly API tokens assigned to a Fastly setting. */
export default defineRule({
  id: 'fastly-api-token',
  title: 'Fastly API token',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['fastly'],
  multiline: true,
  pattern: assignedTo(String.raw`fastly`, String.raw`[A-Za-z0-9_-]{32}`),
  minEntropy: 3.5,
  validate: (secret) => notHexDigest(secret),
  description: 'A Fastly API token is committed. It calls the Fastly API with the token’s scope: purging caches, changing service configuration and TLS, or reading logs and stats.',
  remediation: 'Revoke the token in Fastly (Account → API tokens) and create a new one with a narrower scope and an expiry. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://www.fastly.com/documentation/reference/api/auth-tokens/'],
  docs: {
    summary: 'Fastly API tokens assigned to a Fastly setting.',
    bad: [
      'FASTLY_API_TOKEN=a_4M59zY21' + 'fKum1K4AJ7kwmxlBHv9fCR',
      'fastly_api_key: "n89lNIvq_W' + '9OCaqbOc18N5moMw5jPLL4"',
      '  "fastlyApiToken": "Tu5nio2_jG' + 'O-FiSboDYAofMcVlUOHZgk",',
    ],
    good: [
      'FASTLY_API_TOKEN=${FASTLY_API_TOKEN}',
      'FASTLY_API_TOKEN=a_4M59zY21fKum1K4AJ',
      'OTHER_SERVICE_KEY=a_4M59zY21' + 'fKum1K4AJ7kwmxlBHv9fCR',
    ],
  },
});
