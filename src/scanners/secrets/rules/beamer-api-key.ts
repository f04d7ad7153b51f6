import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Beamer API keys (b_…) assigned to a Beamer setting. */
export default defineRule({
  id: 'beamer-api-key',
  title: 'Beamer API key',
  severity: 'LOW',
  confidence: 0.85,
  keywords: ['beamer'],
  multiline: true,
  pattern: assignedTo(String.raw`beamer`, String.raw`b_[A-Za-z0-9=_-]{44}`),
  minEntropy: 3.5,
  description: 'A Beamer API key is committed. It reads and publishes the product’s changelog posts and reads user feedback through the Beamer API.',
  remediation: 'Delete the key in Beamer (Settings → API) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://www.getbeamer.com/api'],
  docs: {
    summary: 'Beamer API keys (b_…) assigned to a Beamer setting.',
    bad: [
      'BEAMER_API_KEY=b_S8p-FInO8Gx_w' + 'myugCJwNGTnV127Jl0f-n43FDg3E3tN',
      'beamer_api_key: "b_1BsPkE2QLSAvJ' + 'cPio0OHIPQJ-I4RwiN2oDeu9SswsZr3"',
      '  "beamerApiKey": "b_G6DcOy3Wpt7vX' + '9hWsOPtJk16Fot4w6kAsgMQGXkxjDQW",',
    ],
    good: [
      'BEAMER_API_KEY=${BEAMER_API_KEY}',
      'BEAMER_API_KEY=b_S8p-FInO8Gx_wmyugCJwNGTnV',
      'OTHER_SERVICE_KEY=b_S8p-FInO8Gx_w' + 'myugCJwNGTnV127Jl0f-n43FDg3E3tN',
    ],
  },
});
