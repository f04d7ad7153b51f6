import { assignedTo, lettersAndDigits } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Finnhub API keys assigned to a Finnhub setting. */
export default defineRule({
  id: 'finnhub-api-key',
  title: 'Finnhub API key',
  severity: 'LOW',
  confidence: 0.8,
  keywords: ['finnhub'],
  multiline: true,
  pattern: assignedTo(String.raw`finnhub`, String.raw`[a-z0-9]{20}`),
  minEntropy: 3,
  validate: (secret) => lettersAndDigits(secret),
  description: 'A Finnhub API key is committed. It calls the Finnhub market data API on the account’s plan and quota.',
  remediation: 'Regenerate the key in the Finnhub dashboard. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://finnhub.io/docs/api/authentication'],
  docs: {
    summary: 'Finnhub API keys assigned to a Finnhub setting.',
    bad: [
      'FINNHUB_API_KEY=rqxdwl' + 'mtjr68xa7dxckt',
      'finnhub_token: "zrj34k' + 'jamvuwadcxyaha"',
      '  "finnhubApiKey": "5pit61' + 'dck02ttlnh54n7",',
    ],
    good: [
      'FINNHUB_API_KEY=${FINNHUB_API_KEY}',
      'FINNHUB_API_KEY=rqxdwlmtjr68',
      'OTHER_SERVICE_KEY=rqxdwl' + 'mtjr68xa7dxckt',
    ],
  },
});
