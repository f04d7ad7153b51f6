import { allCharacterClasses } from '../assigned.js';
import { defineRule } from '../rule.js';

/**
 * Mistral AI API keys have no prefix: 32 alphanumerics. Reported only when
 * assigned to a name containing "mistral" or passed to a Mistral client.
 */
export default defineRule({
  id: 'mistral-api-key',
  title: 'Mistral AI API key',
  severity: 'HIGH',
  confidence: 0.65,
  keywords: ['mistral'],
  pattern:
    /(?<name>[A-Za-z0-9_.-]{0,30}mistral[A-Za-z0-9_.-]{0,30})["'\]]?\s{0,4}(?::=|=>|=|:|\()\s{0,4}(?:[A-Za-z_]{1,20}\s{0,2}[=:]\s{0,2})?["'`]?(?<secret>[A-Za-z0-9]{32})(?![A-Za-z0-9_-])/i,
  minEntropy: 3.8,
  validate: (secret) => allCharacterClasses(secret),
  description: 'A Mistral AI API key is committed. It calls Mistral’s models and fine-tuning APIs billed to the owner’s workspace.',
  remediation:
    'Revoke the key in Mistral’s console (API Keys), create a new one and load it from MISTRAL_API_KEY or a secret store. Remove it from git history.',
  references: ['https://docs.mistral.ai/getting-started/quickstart/'],
  docs: {
    summary: 'Mistral AI API keys assigned to a Mistral-named variable or passed to a Mistral client.',
    bad: ['MISTRAL_API_KEY=' + 'c3lsi0sTDp5CaTMavoG54ZZyfDSPC7Le', 'client = Mistral(api_key="' + 'c3lsi0sTDp5CaTMavoG54ZZyfDSPC7Le")'],
    good: [
      'MISTRAL_API_KEY=your_mistral_api_key',
      'MISTRAL_MODEL=mistral-large-latest',
      // A hex digest, not a Mistral key.
      'mistral_checksum = "0c4f7e2b9a1d3e5f6a7b8c9d0e1f2a3b"',
    ],
  },
});
