import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Deepgram API keys assigned to a Deepgram setting. */
export default defineRule({
  id: 'deepgram-api-key',
  title: 'Deepgram API key',
  severity: 'MEDIUM',
  confidence: 0.8,
  keywords: ['deepgram'],
  multiline: true,
  pattern: assignedTo(String.raw`deepgram`, String.raw`[a-f0-9]{40}`),
  minEntropy: 3,
  description: 'A Deepgram API key is committed. It transcribes and synthesises audio billed to the project, and with admin scope manages its keys and members.',
  remediation: 'Delete the key in the Deepgram console (API keys) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://developers.deepgram.com/reference/authentication'],
  docs: {
    summary: 'Deepgram API keys assigned to a Deepgram setting.',
    bad: [
      'DEEPGRAM_API_KEY=7d10fcc6ade5b' + 'c5ed1eb7cc449a6a09c156e0312',
      'deepgram_api_key: "725b4e2fc3a7c' + 'd27a7d2859d2afead7ad71b76f9"',
      '  "deepgramApiKey": "ca38ed42d42f5' + 'db3e8dc0376145d6a93bcacbd8f",',
    ],
    good: [
      'DEEPGRAM_API_KEY=${DEEPGRAM_API_KEY}',
      'DEEPGRAM_API_KEY=7d10fcc6ade5bc5ed1eb7cc4',
      'OTHER_SERVICE_KEY=7d10fcc6ade5b' + 'c5ed1eb7cc449a6a09c156e0312',
    ],
  },
});
