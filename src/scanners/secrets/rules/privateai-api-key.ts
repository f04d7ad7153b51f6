import { assignedTo, lettersAndDigits } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Private AI API keys assigned to a Private AI setting. */
export default defineRule({
  id: 'privateai-api-key',
  title: 'Private AI API key',
  severity: 'MEDIUM',
  confidence: 0.8,
  keywords: ['privateai', 'private_ai', 'private-ai'],
  multiline: true,
  pattern: assignedTo(String.raw`private[_-]?ai`, String.raw`[a-z0-9]{32}`),
  minEntropy: 3.2,
  validate: (secret) => lettersAndDigits(secret),
  description: 'A Private AI API key is committed. It sends text and files to the Private AI redaction service billed to the account.',
  remediation: 'Rotate the key in the Private AI portal. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.private-ai.com/'],
  docs: {
    summary: 'Private AI API keys assigned to a Private AI setting.',
    bad: [
      'PRIVATEAI_API_KEY=aqjwq3vcea' + '47wwa60p3ot4569r0q8f0b',
      'private_ai_key: "8nqogzsmw5' + 'x3rmu72nkgn80v3zpwhgdm"',
      '  "privateaiApiKey": "pasr1l1dpe' + 'bego577n3xzfyc3iha69g6",',
    ],
    good: [
      'PRIVATEAI_API_KEY=${PRIVATEAI_API_KEY}',
      'PRIVATEAI_API_KEY=aqjwq3vcea47wwa60p3',
      'OTHER_SERVICE_KEY=aqjwq3vcea' + '47wwa60p3ot4569r0q8f0b',
    ],
  },
});
