import { defineRule } from '../rule.js';

/** LangSmith personal (lsv2_pt_) and service (lsv2_sk_) keys. */
export default defineRule({
  id: 'langsmith-api-key',
  title: 'LangSmith API key',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['lsv2_pt_', 'lsv2_sk_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10})(?![A-Za-z0-9_-])/,
  minEntropy: 3,
  description: 'A LangSmith API key is committed. It reads and writes the workspace’s traces, datasets and prompts, which often contain production inputs and outputs of LLM applications.',
  remediation: 'Revoke the key in LangSmith (Settings → API keys) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.smith.langchain.com/administration/how_to_guides/organization_management/create_account_api_key'],
  docs: {
    summary: 'LangSmith personal (lsv2_pt_) and service (lsv2_sk_) keys.',
    bad: [
      'LANGSMITH_API_KEY=lsv2_pt_3d3604a8d' + 'bef5905575d3e998e3e7be6_e8ff883e30',
      'langchain_api_key: "lsv2_pt_acc92ec70' + '395479dc2175ea812a3be02_a2173fdcd3"',
      'const token = \'lsv2_pt_bd5b7ea9d' + 'e4ee3d3cb9c0942b8865ff5_660b65e9ec\';',
    ],
    good: [
      'LANGSMITH_API_KEY=${LANGSMITH_API_KEY}',
      'LANGSMITH_API_KEY=lsv2_pt_3d3604a8dbef5905575d3e',
    ],
  },
});
