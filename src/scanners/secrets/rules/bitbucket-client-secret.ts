import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Bitbucket OAuth consumer secrets assigned to a Bitbucket secret setting. */
export default defineRule({
  id: 'bitbucket-client-secret',
  title: 'Bitbucket OAuth consumer secret',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['bitbucket'],
  multiline: true,
  pattern: assignedTo(String.raw`bitbucket`, String.raw`[A-Za-z0-9]{32}`, 'secret'),
  minEntropy: 3.5,
  description: 'A Bitbucket OAuth consumer secret is committed. With the consumer key it obtains access tokens with the consumer’s permissions on the workspace’s repositories.',
  remediation: 'Delete the OAuth consumer in Bitbucket (Workspace settings → OAuth consumers) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://support.atlassian.com/bitbucket-cloud/docs/use-oauth-on-bitbucket-cloud/'],
  docs: {
    summary: 'Bitbucket OAuth consumer secrets assigned to a Bitbucket secret setting.',
    bad: [
      'BITBUCKET_CLIENT_SECRET=GdrneluNqf' + '0UIafRIdtkDgoZYq6GuM2p',
      'bitbucket_oauth_secret: "c3j7AIInGm' + 'VJuXlT7lvNnvJCwEIGFhCu"',
      '  "bitbucketClientSecret": "sTniHaXc0T' + 'VpimkxgjV4gaDIrN8805Uo",',
    ],
    good: [
      'BITBUCKET_CLIENT_SECRET=${BITBUCKET_CLIENT_SECRET}',
      'BITBUCKET_CLIENT_SECRET=GdrneluNqf0UIafRIdt',
      'OTHER_SERVICE_KEY=GdrneluNqf' + '0UIafRIdtkDgoZYq6GuM2p',
    ],
  },
});
