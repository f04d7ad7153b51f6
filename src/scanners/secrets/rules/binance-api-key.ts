import { assignedTo, notHexDigest } from '../assigned.js';
import { defineRule } from '../rule.js';

/** 64-character Binance API keys and secrets assigned to a Binance setting. */
export default defineRule({
  id: 'binance-api-key',
  title: 'Binance API key',
  severity: 'CRITICAL',
  confidence: 0.8,
  keywords: ['binance'],
  multiline: true,
  pattern: assignedTo(String.raw`binance`, String.raw`[A-Za-z0-9]{64}`),
  minEntropy: 4,
  validate: (secret) => notHexDigest(secret),
  description: 'A Binance API key or secret is committed. Together they sign requests to the exchange: reading balances and, with the key’s permissions, trading and withdrawing funds.',
  remediation: 'Delete the API key in Binance (API management) and create a new one with an IP allow list and without withdrawals. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://developers.binance.com/docs/binance-spot-api-docs/rest-api/endpoint-security-type'],
  docs: {
    summary: '64-character Binance API keys and secrets assigned to a Binance setting.',
    bad: [
      'BINANCE_API_KEY=2JFQCfA6sWkywvYiC2WaZ' + 'YcvwiugHHFlwf86xPerbEKb2ds2MbrkfSAyZ2WaSAN9',
      'binance_api_secret: "LHUFRQWLvNbQho3YCFcvW' + '375lG26YtdqEoqijKynClV0AwpUkwcW2FnAcdfk9WpP"',
      '  "binanceApiKey": "uJMZEYrOKHHTi8sG0IJKK' + '27MStNZZDAWDbxmkyGV5GnnUDhBRzbxjNv8pRxIOnGL",',
    ],
    good: [
      'BINANCE_API_KEY=${BINANCE_API_KEY}',
      'BINANCE_API_KEY=2JFQCfA6sWkywvYiC2WaZYcvwiugHHFlwf86xP',
      'OTHER_SERVICE_KEY=2JFQCfA6sWkywvYiC2WaZ' + 'YcvwiugHHFlwf86xPerbEKb2ds2MbrkfSAyZ2WaSAN9',
    ],
  },
});
