import { assignedTo, notHexDigest } from '../assigned.js';
import { defineRule } from '../rule.js';

/** 64-character Coinbase API secrets and access tokens assigned to a Coinbase setting. */
export default defineRule({
  id: 'coinbase-api-key',
  title: 'Coinbase API key',
  severity: 'CRITICAL',
  confidence: 0.8,
  keywords: ['coinbase'],
  multiline: true,
  pattern: assignedTo(String.raw`coinbase`, String.raw`[A-Za-z0-9_-]{64}`),
  minEntropy: 4,
  validate: (secret) => notHexDigest(secret),
  description: 'A Coinbase API secret or access token is committed. It calls the Coinbase API for the account: reading balances and, with the key’s permissions, trading and sending funds.',
  remediation: 'Delete the key in Coinbase (Settings → API) and create a new one with the least permissions. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.cdp.coinbase.com/'],
  docs: {
    summary: '64-character Coinbase API secrets and access tokens assigned to a Coinbase setting.',
    bad: [
      'COINBASE_API_SECRET=M3anyheEkY5RWeJarJTmq' + '7vvVMyRQkrATgsuNy3kpIxMT9r5n8zccOWKWOI4ZgUa',
      'coinbase_access_token: "8KUz-ZXbhBRaDJBJbol6-' + 'DCi6B_izFDgXaUGwjs0j_DvdQcyKDtbqmM5Fou8nPXX"',
      '  "coinbaseApiSecret": "3JSMT2a1xqDFBNRERkuUe' + 'F_vg5-pOorVN0LvZ13yBd66cxcpP0du6TPs6hfGf_Vk",',
    ],
    good: [
      'COINBASE_API_SECRET=${COINBASE_API_SECRET}',
      'COINBASE_API_SECRET=M3anyheEkY5RWeJarJTmq7vvVMyRQkrATgsuNy',
      'OTHER_SERVICE_KEY=M3anyheEkY5RWeJarJTmq' + '7vvVMyRQkrATgsuNy3kpIxMT9r5n8zccOWKWOI4ZgUa',
    ],
  },
});
