import { allCharacterClasses } from '../assigned.js';
import { defineRule } from '../rule.js';

/**
 * Cohere API keys have no prefix: 40 alphanumerics. Reported only when the
 * value is assigned to a name containing "cohere" (or Cohere's CO_API_KEY),
 * or passed to a Cohere client.
 */
export default defineRule({
  id: 'cohere-api-key',
  title: 'Cohere API key',
  severity: 'HIGH',
  confidence: 0.65,
  keywords: ['cohere', 'co_api_key'],
  pattern:
    /(?<name>[A-Za-z0-9_.-]{0,30}cohere[A-Za-z0-9_.-]{0,30}|(?<![A-Za-z0-9])co_api_key)["'\]]?\s{0,4}(?::=|=>|=|:|\()\s{0,4}(?:[A-Za-z_]{1,20}\s{0,2}=\s{0,2})?["'`]?(?<secret>[A-Za-z0-9]{40})(?![A-Za-z0-9_-])/i,
  minEntropy: 3.8,
  validate: (secret) => allCharacterClasses(secret),
  description:
    'A Cohere API key is committed. Production keys call Cohere’s models billed to the owner; trial keys still consume their quota and expose their datasets and fine-tunes.',
  remediation:
    'Delete the key in the Cohere dashboard (API Keys), create a new one and load it from CO_API_KEY or a secret store. Remove it from git history.',
  references: ['https://docs.cohere.com/reference/about'],
  docs: {
    summary: 'Cohere API keys assigned to a Cohere-named variable or passed to a Cohere client.',
    bad: ['COHERE_API_KEY=' + 'DQXA1W1bGk0Fsj9p2kMTJ18IGYnlqEANlrJpAoDv', 'co = cohere.ClientV2(api_key="' + 'DQXA1W1bGk0Fsj9p2kMTJ18IGYnlqEANlrJpAoDv")'],
    good: [
      'COHERE_API_KEY=your-cohere-api-key',
      'co = cohere.ClientV2(api_key=os.environ["CO_API_KEY"])',
      'OTHER_API_KEY=' + 'DQXA1W1bGk0Fsj9p2kMTJ18IGYnlqEANlrJpAoDv',
    ],
  },
});
