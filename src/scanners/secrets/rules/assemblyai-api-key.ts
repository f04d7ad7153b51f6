import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** AssemblyAI API keys assigned to an AssemblyAI setting. */
export default defineRule({
  id: 'assemblyai-api-key',
  title: 'AssemblyAI API key',
  severity: 'MEDIUM',
  confidence: 0.8,
  keywords: ['assemblyai', 'assembly_ai', 'assembly-ai'],
  multiline: true,
  pattern: assignedTo(String.raw`assembly[_-]?ai`, String.raw`[a-f0-9]{32}`),
  minEntropy: 3,
  description: 'A AssemblyAI API key is committed. It transcribes audio billed to the account and reads the account’s earlier transcripts.',
  remediation: 'Reset the key in the AssemblyAI dashboard. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://www.assemblyai.com/docs/api-reference/overview#authorization'],
  docs: {
    summary: 'AssemblyAI API keys assigned to an AssemblyAI setting.',
    bad: [
      'ASSEMBLYAI_API_KEY=754236860d' + '169e5a52f487824f6274f8',
      'assemblyai_api_key: "6483c05f7b' + '274597bcc2e7a0ae13e818"',
      '  "assemblyaiApiKey": "378ba213df' + '1498a5679e39223f763c5e",',
    ],
    good: [
      'ASSEMBLYAI_API_KEY=${ASSEMBLYAI_API_KEY}',
      'ASSEMBLYAI_API_KEY=754236860d169e5a52f',
      'OTHER_SERVICE_KEY=754236860d' + '169e5a52f487824f6274f8',
    ],
  },
});
