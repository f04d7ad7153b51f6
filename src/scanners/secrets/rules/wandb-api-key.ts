import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Weights & Biases API keys assigned to a wandb setting. */
export default defineRule({
  id: 'wandb-api-key',
  title: 'Weights & Biases API key',
  severity: 'MEDIUM',
  confidence: 0.8,
  keywords: ['wandb'],
  context: ['wandb'],
  multiline: true,
  pattern: assignedTo(String.raw`wandb`, String.raw`[a-f0-9]{40}`),
  minEntropy: 3,
  description: 'A Weights & Biases API key is committed. It reads and writes every run, artifact and model of the user’s W&B entities, which may include training data and model weights.',
  remediation: 'Revoke the key in W&B (User settings → API keys) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.wandb.ai/guides/track/environment-variables/'],
  docs: {
    summary: 'Weights & Biases API keys assigned to a wandb setting.',
    bad: [
      'WANDB_API_KEY=525def09db997' + '46b110062448c495bcdaca733e1',
      'wandb_api_key: "d798e8b949683' + '8d9ef660c4776ff63b812c5d8d8"',
      '  "wandbApiKey": "dd895c6cba047' + 'b33b715eaa39bd81d8ec92f8cbb",',
    ],
    good: [
      'WANDB_API_KEY=${WANDB_API_KEY}',
      'WANDB_API_KEY=525def09db99746b11006244',
      'OTHER_SERVICE_KEY=525def09db997' + '46b110062448c495bcdaca733e1',
    ],
  },
});
