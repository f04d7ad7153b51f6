import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** KuCoin API keys (24 hex) and secrets (UUID) assigned to a KuCoin setting. */
export default defineRule({
  id: 'kucoin-api-key',
  title: 'KuCoin API credential',
  severity: 'CRITICAL',
  confidence: 0.8,
  keywords: ['kucoin'],
  multiline: true,
  pattern: assignedTo(String.raw`kucoin`, String.raw`[a-f0-9]{24}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`),
  minEntropy: 3,
  description: 'A KuCoin API key or secret is committed. Together they sign requests to the exchange: reading balances and, depending on permissions, trading and withdrawing funds.',
  remediation: 'Delete the API key in KuCoin (API management) and create a new one with an IP allow list. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://www.kucoin.com/docs-new/authentication'],
  docs: {
    summary: 'KuCoin API keys (24 hex) and secrets (UUID) assigned to a KuCoin setting.',
    bad: [
      'KUCOIN_API_KEY=5b118bf9' + '83ae3e18998fee71',
      'kucoin_api_secret: "57eef211' + '7000231edcc168d5"',
      '  "kucoinApiKey": "4b83e147' + '227153b13a4c333d",',
    ],
    good: [
      'KUCOIN_API_KEY=${KUCOIN_API_KEY}',
      'KUCOIN_API_KEY=5b118bf983ae3e',
      'OTHER_SERVICE_KEY=5b118bf9' + '83ae3e18998fee71',
    ],
  },
});
