import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Squarespace developer API keys (UUIDs) assigned to a Squarespace setting. */
export default defineRule({
  id: 'squarespace-api-key',
  title: 'Squarespace API key',
  severity: 'MEDIUM',
  confidence: 0.8,
  keywords: ['squarespace'],
  multiline: true,
  pattern: assignedTo(String.raw`squarespace`, String.raw`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`),
  minEntropy: 3,
  description: 'A Squarespace API key is committed. It reads and changes the site’s commerce data (orders, inventory, products, profiles) with the key’s permissions.',
  remediation: 'Revoke the key in Squarespace (Settings → Advanced → Developer API keys) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://developers.squarespace.com/commerce-apis/authentication-and-permissions'],
  docs: {
    summary: 'Squarespace developer API keys (UUIDs) assigned to a Squarespace setting.',
    bad: [
      'SQUARESPACE_API_KEY=f863a178-04c' + '5-4cf1-af18-cd6e8aa610c8',
      'squarespace_api_key: "e6d4f785-643' + '5-4760-a5e5-37f79bf904c9"',
      '  "squarespaceApiKey": "43b511a6-9c1' + 'd-479c-a210-0be4935beb73",',
    ],
    good: [
      'SQUARESPACE_API_KEY=${SQUARESPACE_API_KEY}',
      'SQUARESPACE_API_KEY=f863a178-04c5-4cf1-af',
      'OTHER_SERVICE_KEY=f863a178-04c' + '5-4cf1-af18-cd6e8aa610c8',
    ],
  },
});
