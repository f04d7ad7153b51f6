import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Kraken API private keys (base64) assigned to a Kraken setting. */
export default defineRule({
  id: 'kraken-api-secret',
  title: 'Kraken API secret',
  severity: 'CRITICAL',
  confidence: 0.85,
  keywords: ['kraken'],
  multiline: true,
  pattern: assignedTo(String.raw`kraken`, String.raw`[A-Za-z0-9/+]{86}={0,2}`),
  minEntropy: 4.5,
  description: 'A Kraken API private key is committed. With its API key it signs requests to the exchange: reading balances and, depending on the key’s permissions, trading and withdrawing funds.',
  remediation: 'Delete the API key in Kraken (Security → API) and create a new one without withdrawal permission unless needed. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.kraken.com/api/docs/guides/spot-rest-auth'],
  docs: {
    summary: 'Kraken API private keys (base64) assigned to a Kraken setting.',
    bad: [
      'KRAKEN_API_SECRET=eCDFK91zJyYDefqlJskF8fKNAIbxG' + 'YOuyo3HXEvHIE8gjJWMEdKRRUs5RhMU7lJ+q3+/IjxtMrnJI7rxUD842r==',
      'kraken_private_key: "9yEX2r2kO/F73vHgexarPCatc78OA' + 'K2CjorylDBbDeyxn+BiCUICn/HFfy6HMSjNvwwHS7XIf4gsnRIJ+NeDs0=="',
      '  "krakenApiSecret": "Y8XjmTbuY9hSAiYq9gHqZdsbZySMM' + 'fqD2LGzpX35Sc6LpS7/ENaILNS/c9cMFoeqJFQMPaK6Raqk7i9aV8D+V9==",',
    ],
    good: [
      'KRAKEN_API_SECRET=${KRAKEN_API_SECRET}',
      'KRAKEN_API_SECRET=eCDFK91zJyYDefqlJskF8fKNAIbxGYOuyo3HXEvHIE8gjJWMEdKR',
      'OTHER_SERVICE_KEY=eCDFK91zJyYDefqlJskF8fKNAIbxG' + 'YOuyo3HXEvHIE8gjJWMEdKRRUs5RhMU7lJ+q3+/IjxtMrnJI7rxUD842r==',
    ],
  },
});
