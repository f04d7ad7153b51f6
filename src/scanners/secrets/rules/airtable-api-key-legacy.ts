import { assignedTo, randomLooking } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Legacy Airtable API keys (key + 14 characters) assigned to an Airtable setting. */
export default defineRule({
  id: 'airtable-api-key-legacy',
  title: 'Airtable API key (legacy)',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['airtable'],
  multiline: true,
  pattern: assignedTo(String.raw`airtable`, String.raw`key[A-Za-z0-9]{14}`),
  minEntropy: 3.2,
  validate: (secret) => randomLooking(secret),
  description: 'A Airtable legacy API key is committed. It had its user’s full access to every base; Airtable retired these keys in favour of personal access tokens.',
  remediation: 'Make sure the key is regenerated or deleted in Airtable (Account → API) and move to a scoped personal access token. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://support.airtable.com/docs/airtable-api-key-deprecation-notice'],
  docs: {
    summary: 'Legacy Airtable API keys (key + 14 characters) assigned to an Airtable setting.',
    bad: [
      'AIRTABLE_API_KEY=keyoVh' + 'OFPZX79MNbC',
      'airtable_api_key: "keyrYN' + 'AwtdGmEKmT2"',
      '  "airtableApiKey": "keykRm' + 'vLcoLqeuMF6",',
    ],
    good: [
      'AIRTABLE_API_KEY=${AIRTABLE_API_KEY}',
      'AIRTABLE_API_KEY=keyoVhOFPZ',
      'OTHER_SERVICE_KEY=keyoVh' + 'OFPZX79MNbC',
    ],
  },
});
