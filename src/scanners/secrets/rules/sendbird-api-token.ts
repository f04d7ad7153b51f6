import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** 40-hex Sendbird API tokens assigned to a Sendbird setting. */
export default defineRule({
  id: 'sendbird-api-token',
  title: 'Sendbird API token',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['sendbird'],
  multiline: true,
  pattern: assignedTo(String.raw`sendbird`, String.raw`[a-f0-9]{40}`),
  minEntropy: 3,
  description: 'A Sendbird API token is committed. It calls the Sendbird platform API for the application: reading every chat message, managing users and channels.',
  remediation: 'Revoke the token in the Sendbird dashboard (Settings → General → API tokens) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://sendbird.com/docs/chat/platform-api/v3/prepare-to-use-api'],
  docs: {
    summary: '40-hex Sendbird API tokens assigned to a Sendbird setting.',
    bad: [
      'SENDBIRD_API_TOKEN=b85e7bf7a9708' + 'd737bccbcc4dd8512236a1ba036',
      'sendbird_master_token: "6347c945066ca' + 'f4e730e950da0eb68abd5286848"',
      '  "sendbirdApiToken": "3b0bc163660f1' + '78dd51fd4a0f38c0fe14d993f94",',
    ],
    good: [
      'SENDBIRD_API_TOKEN=${SENDBIRD_API_TOKEN}',
      'SENDBIRD_API_TOKEN=b85e7bf7a9708d737bccbcc4',
      'OTHER_SERVICE_KEY=b85e7bf7a9708' + 'd737bccbcc4dd8512236a1ba036',
    ],
  },
});
