import { assignedTo, lettersAndDigits } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Etherscan API keys assigned to an Etherscan setting. */
export default defineRule({
  id: 'etherscan-api-key',
  title: 'Etherscan API key',
  severity: 'LOW',
  confidence: 0.85,
  keywords: ['etherscan'],
  multiline: true,
  pattern: assignedTo(String.raw`etherscan`, String.raw`[A-Z0-9]{34}`),
  minEntropy: 3.5,
  validate: (secret) => lettersAndDigits(secret),
  description: 'A Etherscan API key is committed. It calls the Etherscan API (and contract verification) on the account’s plan.',
  remediation: 'Delete the key in Etherscan (API keys) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.etherscan.io/getting-started/viewing-api-usage-statistics'],
  docs: {
    summary: 'Etherscan API keys assigned to an Etherscan setting.',
    bad: [
      'ETHERSCAN_API_KEY=R3NXA6O3D9S' + 'HFOJ58B8AL8UKLPMZQH823B',
      'etherscan_api_key: "CX88QP5KRRC' + 'I88WPER82IG3731EC36CL2M"',
      '  "etherscanApiKey": "027YRFPLKUI' + '75EALNWESMQ398NKH3A3SP9",',
    ],
    good: [
      'ETHERSCAN_API_KEY=${ETHERSCAN_API_KEY}',
      'ETHERSCAN_API_KEY=R3NXA6O3D9SHFOJ58B8A',
      'OTHER_SERVICE_KEY=R3NXA6O3D9S' + 'HFOJ58B8AL8UKLPMZQH823B',
    ],
  },
});
