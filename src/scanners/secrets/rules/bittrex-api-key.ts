import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Bittrex API keys and secrets assigned to a Bittrex setting. */
export default defineRule({
  id: 'bittrex-api-key',
  title: 'Bittrex API key',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['bittrex'],
  multiline: true,
  pattern: assignedTo(String.raw`bittrex`, String.raw`[a-f0-9]{32}`),
  minEntropy: 3,
  description: 'A Bittrex API key or secret is committed. They signed requests to the (now closed) exchange; a committed pair shows that trading credentials were kept in code and may be reused elsewhere.',
  remediation: 'Delete the key pair and check other exchanges for keys kept the same way. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://bittrex.github.io/api/v3'],
  docs: {
    summary: 'Bittrex API keys and secrets assigned to a Bittrex setting.',
    bad: [
      'BITTREX_API_KEY=02aa5fb5a2' + '6993c42253d90e84893c14',
      'bittrex_api_secret: "10d556681b' + '7fc7af33e0385d3cc6d461"',
      '  "bittrexApiKey": "da38471717' + 'd8cb57f9d73fc4d4391e00",',
    ],
    good: [
      'BITTREX_API_KEY=${BITTREX_API_KEY}',
      'BITTREX_API_KEY=02aa5fb5a26993c4225',
      'OTHER_SERVICE_KEY=02aa5fb5a2' + '6993c42253d90e84893c14',
    ],
  },
});
