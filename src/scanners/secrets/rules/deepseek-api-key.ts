import { defineRule } from '../rule.js';

/**
 * DeepSeek API keys: sk- + 32 lower-case hex characters. The shape is
 * generic, so the line must mention DeepSeek (a variable name or the
 * api.deepseek.com base URL).
 */
export default defineRule({
  id: 'deepseek-api-key',
  title: 'DeepSeek API key',
  severity: 'HIGH',
  confidence: 0.75,
  keywords: ['deepseek'],
  pattern: /(?<![A-Za-z0-9_-])(?<secret>sk-[a-f0-9]{32})(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description: 'A DeepSeek API key is committed. It calls the DeepSeek API billed to the owner’s balance.',
  remediation:
    'Delete the key on the DeepSeek platform (API keys), create a new one and load it from DEEPSEEK_API_KEY or a secret store. Remove it from git history.',
  references: ['https://api-docs.deepseek.com/'],
  docs: {
    summary: 'DeepSeek API keys (sk- + 32 hex) on a line that mentions DeepSeek.',
    bad: [
      'DEEPSEEK_API_KEY=sk-' + '653f902fb2cf23ef1acd18b80671cf72',
      'client = OpenAI(api_key="sk-' + '653f902fb2cf23ef1acd18b80671cf72", base_url="https://api.deepseek.com")',
    ],
    good: [
      'DEEPSEEK_API_KEY=sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      'OTHER_API_KEY=sk-' + '653f902fb2cf23ef1acd18b80671cf72',
      'client = OpenAI(api_key=os.getenv("DEEPSEEK_API_KEY"), base_url="https://api.deepseek.com")',
    ],
  },
});
