import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Railway account and project tokens (UUIDs) assigned to a Railway setting. */
export default defineRule({
  id: 'railway-api-token',
  title: 'Railway API token',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['railway'],
  multiline: true,
  pattern: assignedTo(String.raw`railway`, String.raw`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`),
  minEntropy: 3,
  description: 'A Railway API or project token is committed. It deploys to and manages the account’s or project’s Railway services, including their environment variables.',
  remediation: 'Delete the token in Railway (Account settings → Tokens, or the project’s tokens) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.railway.com/guides/public-api'],
  docs: {
    summary: 'Railway account and project tokens (UUIDs) assigned to a Railway setting.',
    bad: [
      'RAILWAY_TOKEN=f256df5b-765' + '4-45d8-afb9-d2e5ba9f3ece',
      'railway_api_token: "db438996-89e' + 'f-46fa-a555-85f1c64b1fbb"',
      '  "railwayToken": "aeb4e559-9b7' + '1-48e2-a113-5d16cf268d0c",',
    ],
    good: [
      'RAILWAY_TOKEN=${RAILWAY_TOKEN}',
      'RAILWAY_TOKEN=f256df5b-7654-45d8-af',
      'OTHER_SERVICE_KEY=f256df5b-765' + '4-45d8-afb9-d2e5ba9f3ece',
    ],
  },
});
