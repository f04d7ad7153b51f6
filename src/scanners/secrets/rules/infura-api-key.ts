import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Infura API keys and secrets assigned to an Infura setting. */
export default defineRule({
  id: 'infura-api-key',
  title: 'Infura API key',
  severity: 'MEDIUM',
  confidence: 0.8,
  keywords: ['infura'],
  multiline: true,
  pattern: assignedTo(String.raw`infura`, String.raw`[a-f0-9]{32}`),
  minEntropy: 3,
  description: 'A Infura API key or secret is committed. It sends Ethereum and IPFS requests through the project, using its quota (and paid plan).',
  remediation: 'Create a new API key in the Infura dashboard, delete the old one and set an allow list. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.metamask.io/services/how-to/secure-an-api-key/'],
  docs: {
    summary: 'Infura API keys and secrets assigned to an Infura setting.',
    bad: [
      'INFURA_API_KEY=5ed5c3089a' + '3ba53b0cd2d172ac13d16c',
      'infura_project_secret: "c0bf307c04' + '8c37c8e816e535b6c161ca"',
      '  "infuraApiKey": "fec511e072' + '62c0fd8b0e1fda6f9bbc62",',
    ],
    good: [
      'INFURA_API_KEY=${INFURA_API_KEY}',
      'INFURA_API_KEY=5ed5c3089a3ba53b0cd',
      'OTHER_SERVICE_KEY=5ed5c3089a' + '3ba53b0cd2d172ac13d16c',
    ],
  },
});
