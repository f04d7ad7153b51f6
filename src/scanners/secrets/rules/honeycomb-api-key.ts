import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Honeycomb API keys assigned to a Honeycomb setting. */
export default defineRule({
  id: 'honeycomb-api-key',
  title: 'Honeycomb API key',
  severity: 'MEDIUM',
  confidence: 0.8,
  keywords: ['honeycomb'],
  multiline: true,
  pattern: assignedTo(String.raw`honeycomb`, String.raw`[a-f0-9]{32}|[A-Za-z0-9]{22}`),
  minEntropy: 3.2,
  description: 'A Honeycomb API key is committed. Ingest keys send events to the environment; configuration keys also read and change datasets, boards and triggers.',
  remediation: 'Disable the key in Honeycomb (Environment settings → API keys) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.honeycomb.io/get-started/configure/environments/manage-api-keys/'],
  docs: {
    summary: 'Honeycomb API keys assigned to a Honeycomb setting.',
    bad: [
      'HONEYCOMB_API_KEY=Pm6fuQv' + 'b6KopObaORRRsvI',
      'honeycomb_writekey: "wck1iBz' + 'DvVCSOmJlTUpWnA"',
      '  "honeycombApiKey": "SuS1rmk' + 'tifmPHcrDkzWyax",',
    ],
    good: [
      'HONEYCOMB_API_KEY=${HONEYCOMB_API_KEY}',
      'HONEYCOMB_API_KEY=Pm6fuQvb6KopO',
      'OTHER_SERVICE_KEY=Pm6fuQv' + 'b6KopObaORRRsvI',
    ],
  },
});
