import { defineRule } from '../rule.js';

/** Airtable personal access tokens: pat + 14 alphanumerics (token id) + . + 64 hex characters. */
export default defineRule({
  id: 'airtable-personal-access-token',
  title: 'Airtable personal access token',
  severity: 'HIGH',
  confidence: 0.92,
  keywords: ['pat'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>pat[A-Za-z0-9]{14}\.[a-f0-9]{64})(?![A-Za-z0-9_.-])/,
  minEntropy: 3.8,
  description:
    'An Airtable personal access token is committed. It reads and writes records (and, with schema scopes, tables) in every base and workspace it was granted.',
  remediation:
    'Delete or regenerate the token in Airtable’s Developer hub (Personal access tokens), create one with the least scopes and bases needed and keep it in a secret store. Remove it from git history.',
  references: ['https://airtable.com/developers/web/guides/personal-access-tokens'],
  docs: {
    summary: 'Airtable personal access tokens (pat<id>.<secret>).',
    bad: ['AIRTABLE_TOKEN=pat' + '6OrkEMxCQlaOuY.c876f27a02934e16c753d75ec20d880f2e84ad0f33624bb08e471796b0a81169'],
    good: [
      'AIRTABLE_TOKEN=patXXXXXXXXXXXXXX.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      'AIRTABLE_TOKEN=pat' + '6OrkEMxCQlaOuY.c876f27a02934e16',
      'const path = "pattern.c876f27a02934e16c753d75ec20d880f2e84ad0f33624bb08e471796b0a81169";',
    ],
  },
});
