import { assignedTo, randomLooking } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Freshdesk API keys assigned to a Freshdesk setting. */
export default defineRule({
  id: 'freshdesk-api-key',
  title: 'Freshdesk API key',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['freshdesk'],
  multiline: true,
  pattern: assignedTo(String.raw`freshdesk`, String.raw`[A-Za-z0-9]{20}`),
  minEntropy: 3.2,
  validate: (secret) => randomLooking(secret),
  description: 'A Freshdesk API key is committed. It acts as its agent on the Freshdesk API: reading and changing tickets, contacts and their conversations.',
  remediation: 'Reset the API key in Freshdesk (Profile settings → Reset API key). Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://developers.freshdesk.com/api/#authentication'],
  docs: {
    summary: 'Freshdesk API keys assigned to a Freshdesk setting.',
    bad: [
      'FRESHDESK_API_KEY=aTXPZW' + 'LRNqkCTDJNwIjL',
      'freshdesk_api_key: "EHSvNS' + '9oYqsumTfWp9Ow"',
      '  "freshdeskApiKey": "6XnBSF' + 'Z122Anns4iqjZi",',
    ],
    good: [
      'FRESHDESK_API_KEY=${FRESHDESK_API_KEY}',
      'FRESHDESK_API_KEY=aTXPZWLRNqkC',
      'OTHER_SERVICE_KEY=aTXPZW' + 'LRNqkCTDJNwIjL',
    ],
  },
});
