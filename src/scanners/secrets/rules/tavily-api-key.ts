import { defineRule } from '../rule.js';

/** Tavily search API keys (tvly-…). */
export default defineRule({
  id: 'tavily-api-key',
  title: 'Tavily API key',
  severity: 'MEDIUM',
  confidence: 0.95,
  keywords: ['tvly-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>tvly-(?:dev-|prod-)?[A-Za-z0-9]{32})(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  description: 'A Tavily API key is committed. It runs web searches and extractions billed to the account’s credits.',
  remediation: 'Delete the key in the Tavily dashboard and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.tavily.com/documentation/api-reference/introduction'],
  docs: {
    summary: 'Tavily search API keys (tvly-…).',
    bad: [
      'TAVILY_API_KEY=tvly-lZO8FfR' + 'IyMhrhbyAITGbUid3nQFfD2hx',
      'tavily_api_key: "tvly-1ezkFpx' + 'K0v2AOo283v1OO9yrWFoeHk9L"',
      'const token = \'tvly-VUhNgXk' + 'pvkdytMTejLLnSH6kq7hjnm09\';',
    ],
    good: [
      'TAVILY_API_KEY=${TAVILY_API_KEY}',
      'TAVILY_API_KEY=tvly-lZO8FfRIyMhrhbyAI',
    ],
  },
});
