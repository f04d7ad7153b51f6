import { defineRule } from '../rule.js';

/**
 * Notion integration tokens: ntn_ + ~46 alphanumerics (current), or the legacy
 * secret_ + 43 alphanumerics, which is reported only on a line that mentions Notion.
 */
export default defineRule({
  id: 'notion-integration-token',
  title: 'Notion integration token',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['ntn_', 'notion'],
  pattern: /(?<![A-Za-z0-9_-])(?<secret>ntn_[A-Za-z0-9]{40,50}|secret_[A-Za-z0-9]{43})(?![A-Za-z0-9_-])/,
  minEntropy: 4,
  validate: (secret, { line }) => secret.startsWith('ntn_') || /notion/i.test(line),
  description:
    'A Notion integration token is committed. It reads and, with the capabilities granted, edits every page and database shared with the integration.',
  remediation:
    'Refresh the secret on the integration’s page at notion.so/profile/integrations, deploy the new token from a secret store and remove the old one from git history.',
  references: ['https://developers.notion.com/docs/authorization'],
  docs: {
    summary: 'Notion internal integration tokens (ntn_, and legacy secret_ next to the word Notion).',
    bad: ['NOTION_TOKEN=ntn_' + '85704531487tSCTvVqnJBsLr0ZPO4P7xQqBKinKNjdy9SC', 'NOTION_API_KEY=secret_' + 'QKvPccPXztvCDojVjorlZXjvDcy6044xK9Y468uvJpC'],
    good: [
      'NOTION_TOKEN=ntn_your_internal_integration_token_here',
      'CLIENT_TOKEN=secret_' + 'QKvPccPXztvCDojVjorlZXjvDcy6044xK9Y468uvJpC',
      'NOTION_TOKEN=secret_' + 'QKvPccPXztvCDojVjorl',
    ],
  },
});
