import { defineRule } from '../rule.js';

/**
 * Anthropic API keys (sk-ant-api03-) and Claude OAuth access and refresh
 * tokens (sk-ant-oat01-, sk-ant-ort01-): prefix + ~95 base64url characters.
 */
export default defineRule({
  id: 'anthropic-api-key',
  title: 'Anthropic API key',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['sk-ant-api', 'sk-ant-oat', 'sk-ant-ort'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>sk-ant-(?:api|oat|ort)[0-9]{2}-[A-Za-z0-9_-]{80,120})(?![A-Za-z0-9_-])/,
  minEntropy: 4,
  description:
    'An Anthropic API key or Claude OAuth token is committed. It calls the Claude API as the owner’s workspace or account: requests are billed to them and files and batches of the workspace can be read.',
  remediation:
    'Disable the key in the Claude Console (API keys) or revoke the OAuth session, create a new key and load it from an environment variable or secret store. Check usage for unexpected spend and remove the key from git history.',
  references: ['https://docs.anthropic.com/en/api/getting-started'],
  docs: {
    summary: 'Anthropic API keys (sk-ant-api03-) and Claude OAuth tokens (sk-ant-oat01-, sk-ant-ort01-).',
    bad: [
      'ANTHROPIC_API_KEY=sk-ant-api03-' + '5RUQPBHV5nHSOWp4CL8jovh9eVlrU2ajxQLLpxr42Z-jRZNdynui483Kter7zAf2aEHcBUvjUgKnadMGdaK5tS82pimcLAA',
      'client = anthropic.Anthropic(api_key="sk-ant-api03-' +
        '5RUQPBHV5nHSOWp4CL8jovh9eVlrU2ajxQLLpxr42Z-jRZNdynui483Kter7zAf2aEHcBUvjUgKnadMGdaK5tS82pimcLAA")',
    ],
    good: [
      'ANTHROPIC_API_KEY=sk-ant-api03-...',
      'ANTHROPIC_API_KEY=sk-ant-api03-your-key-here',
      'ANTHROPIC_API_KEY=sk-ant-api03-' + '5RUQPBHV5nHSOWp4CL8jovh9eVlrU2aj',
    ],
  },
});
