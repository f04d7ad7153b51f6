import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Rollbar project access tokens assigned to a Rollbar setting. */
export default defineRule({
  id: 'rollbar-access-token',
  title: 'Rollbar access token',
  severity: 'MEDIUM',
  confidence: 0.8,
  keywords: ['rollbar'],
  multiline: true,
  pattern: assignedTo(String.raw`rollbar`, String.raw`[a-f0-9]{32}`),
  minEntropy: 3,
  // post_client_item tokens are meant to ship in browser code (ROLLBAR_CLIENT_TOKEN, rollbarClientToken).
  validate: (_secret, { line }) => !/client/i.test(line),
  description: 'A Rollbar access token is committed. With read or write scope it reads the project’s error reports (which may include request data) or posts items and deploys.',
  remediation: 'Disable the token in Rollbar (Project settings → Access tokens) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.rollbar.com/reference/getting-started-1'],
  docs: {
    summary: 'Rollbar project access tokens assigned to a Rollbar setting.',
    bad: [
      'ROLLBAR_ACCESS_TOKEN=a682061f49' + '2fc52cfc7613201e44345e',
      'rollbar_server_token: "a2b463156b' + '1fa2416db995ff4218e56f"',
      '  "rollbarAccessToken": "6b5e683abf' + '76ae2d8e139568420c6a6d",',
    ],
    good: [
      'ROLLBAR_CLIENT_TOKEN=be54c19c2543fbf4' + '2d36d26dd0717d3f',
      'ROLLBAR_ACCESS_TOKEN=${ROLLBAR_ACCESS_TOKEN}',
      'ROLLBAR_ACCESS_TOKEN=a682061f492fc52cfc7',
      'OTHER_SERVICE_KEY=a682061f49' + '2fc52cfc7613201e44345e',
    ],
  },
});
