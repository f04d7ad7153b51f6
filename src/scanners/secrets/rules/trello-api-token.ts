import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Trello API tokens (ATTA… or 64 hex) assigned to a Trello setting. */
export default defineRule({
  id: 'trello-api-token',
  title: 'Trello API token',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['trello'],
  multiline: true,
  pattern: assignedTo(String.raw`trello`, String.raw`ATTA[A-Fa-f0-9]{64,72}|[a-f0-9]{64}`),
  minEntropy: 3,
  description: 'A Trello API token is committed. With the app key it reads and changes every board, card and attachment its user can access.',
  remediation: 'Revoke the token in Trello (Account → Applications) and issue a new one with the least scope and an expiry. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://developer.atlassian.com/cloud/trello/guides/rest-api/authorization/'],
  docs: {
    summary: 'Trello API tokens (ATTA… or 64 hex) assigned to a Trello setting.',
    bad: [
      'TRELLO_TOKEN=ATTA2bd840d4fc71c96503c45' + '99f10f20f0af2036b6a7f5255a6e1bc8cf8070bceca693229D5',
      'trello_api_token: "ATTA3dd50f1b2b8ec0559c148' + '125e0f1c5a1f5add9c456e10d776daeea836209b81fB636457F"',
      '  "trelloToken": "ATTAc8d9a37a9b90b043033bb' + '2572d6660825ddf211bdc1be71194eda29a620892adA3E3F097",',
    ],
    good: [
      'TRELLO_TOKEN=${TRELLO_TOKEN}',
      'TRELLO_TOKEN=ATTA2bd840d4fc71c96503c4599f10f20f0af2036b6a7',
      'OTHER_SERVICE_KEY=ATTA2bd840d4fc71c96503c45' + '99f10f20f0af2036b6a7f5255a6e1bc8cf8070bceca693229D5',
    ],
  },
});
