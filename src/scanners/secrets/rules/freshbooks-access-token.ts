import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** 64-character FreshBooks tokens and secrets assigned to a FreshBooks setting. */
export default defineRule({
  id: 'freshbooks-access-token',
  title: 'FreshBooks access token',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['freshbooks'],
  multiline: true,
  pattern: assignedTo(String.raw`freshbooks`, String.raw`[A-Za-z0-9]{64}`),
  minEntropy: 3.5,
  description: 'A FreshBooks access token or client secret is committed. It reads and changes the business’s invoices, clients, expenses and payments in FreshBooks.',
  remediation: 'Reset the app’s client secret in the FreshBooks developer page and revoke issued tokens. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://www.freshbooks.com/api/authentication'],
  docs: {
    summary: '64-character FreshBooks tokens and secrets assigned to a FreshBooks setting.',
    bad: [
      'FRESHBOOKS_ACCESS_TOKEN=96aabcb5735bd86ab00c2' + '49efc89106b234b3f78590150b13214b3c8bf78a880',
      'freshbooks_client_secret: "5c4c083d080a9358d1e18' + 'f0e276eea118fcd78d413fd8bc2b3468bcb81d35c12"',
      '  "freshbooksAccessToken": "e50fbd745420c9106cb46' + '46fd4e07e5c3f377fa7740fe53e798b2dad340286ba",',
    ],
    good: [
      'FRESHBOOKS_ACCESS_TOKEN=${FRESHBOOKS_ACCESS_TOKEN}',
      'FRESHBOOKS_ACCESS_TOKEN=96aabcb5735bd86ab00c249efc89106b234b3f',
      'OTHER_SERVICE_KEY=96aabcb5735bd86ab00c2' + '49efc89106b234b3f78590150b13214b3c8bf78a880',
    ],
  },
});
