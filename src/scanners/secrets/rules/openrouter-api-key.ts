import { defineRule } from '../rule.js';

/** OpenRouter API keys (sk-or-v1-…). */
export default defineRule({
  id: 'openrouter-api-key',
  title: 'OpenRouter API key',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['sk-or-v1-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>sk-or-v1-[a-f0-9]{64})(?![A-Za-z0-9_-])/,
  minEntropy: 3,
  description: 'A OpenRouter API key is committed. It calls every model OpenRouter routes to, paid from the account’s credits.',
  remediation: 'Delete the key on openrouter.ai (Keys) and create a new one with a credit limit. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://openrouter.ai/docs/api-reference/authentication'],
  docs: {
    summary: 'OpenRouter API keys (sk-or-v1-…).',
    bad: [
      'OPENROUTER_API_KEY=sk-or-v1-b9c6ee870d3bb32' + '4f25196c743606b5a086cb713682bc72fee533653e6aca7da',
      'openrouter_api_key: "sk-or-v1-494b74ba6392f77' + 'f24ac816517dc8ee59f5c6b034452095fe3f0d026cadbcec4"',
      'const token = \'sk-or-v1-e48fd54c6ce99c1' + '9d933f53658e91728adf4dfd7ea1f1d27dc00ace470e6426f\';',
    ],
    good: [
      'OPENROUTER_API_KEY=${OPENROUTER_API_KEY}',
      'OPENROUTER_API_KEY=sk-or-v1-b9c6ee870d3bb324f25196c743606b5a08',
    ],
  },
});
