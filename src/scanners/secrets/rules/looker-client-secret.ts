import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Looker API3 client secrets assigned to a Looker secret setting. */
export default defineRule({
  id: 'looker-client-secret',
  title: 'Looker API client secret',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['looker'],
  multiline: true,
  pattern: assignedTo(String.raw`looker`, String.raw`[A-Za-z0-9]{24}`, 'secret'),
  minEntropy: 3.5,
  description: 'A Looker API client secret is committed. With the client id it logs in to the Looker API as its user: running queries on every connected database the user may use.',
  remediation: 'Delete the API key of the user in Looker (Admin → Users → Edit keys) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://cloud.google.com/looker/docs/api-auth'],
  docs: {
    summary: 'Looker API3 client secrets assigned to a Looker secret setting.',
    bad: [
      'LOOKERSDK_CLIENT_SECRET=PQ4EJmJo' + 'JYkKOHXnz2QsTvUc',
      'looker_client_secret: "vCRwP61D' + '8nEMG4QChipl29sE"',
      '  "lookersdkClientSecret": "J8gMMo4n' + 'Wlr4wwBsoBilpkmx",',
    ],
    good: [
      'LOOKERSDK_CLIENT_SECRET=${LOOKERSDK_CLIENT_SECRET}',
      'LOOKERSDK_CLIENT_SECRET=PQ4EJmJoJYkKOH',
      'OTHER_SERVICE_KEY=PQ4EJmJo' + 'JYkKOHXnz2QsTvUc',
    ],
  },
});
