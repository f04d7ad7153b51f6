import { defineRule } from '../rule.js';

/** EasyPost production API keys: EZAK + 54 alphanumerics. */
export default defineRule({
  id: 'easypost-api-key',
  title: 'EasyPost API key',
  severity: 'HIGH',
  confidence: 0.92,
  keywords: ['ezak'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>EZAK[A-Za-z0-9]{54})(?![A-Za-z0-9_-])/,
  minEntropy: 4,
  description:
    'An EasyPost production API key is committed. It buys postage and insurance billed to the account and reads shipments, addresses and tracking data.',
  remediation:
    'Disable the key in the EasyPost dashboard (Account settings → API Keys), create a new one and keep it in a secret store. Remove it from git history.',
  references: ['https://docs.easypost.com/docs/authentication'],
  docs: {
    summary: 'EasyPost production API keys (EZAK).',
    bad: ['EASYPOST_API_KEY=EZAK' + 'msylAsKHlmpGS8nBMXmVVS775NhonlTBMcp2ooq3E852KNP6CeuflX'],
    good: ['EASYPOST_API_KEY=EZTK' + 'msylAsKHlmpGS8nBMXmVVS775NhonlTBMcp2ooq3E852KNP6CeuflX', 'EASYPOST_API_KEY=EZAK' + 'msylAsKHlmpGS8nBMX'],
  },
});
