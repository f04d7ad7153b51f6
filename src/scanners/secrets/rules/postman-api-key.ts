import { defineRule } from '../rule.js';

/** Postman API keys: PMAK- + 24 hex + - + 34 hex. */
export default defineRule({
  id: 'postman-api-key',
  title: 'Postman API key',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['pmak-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34})(?![A-Za-z0-9_-])/,
  minEntropy: 3,
  description:
    'A Postman API key is committed. It reads and changes the owner’s workspaces, collections and environments, which often hold further API credentials.',
  remediation:
    'Delete the key under Settings → API keys in Postman, create a replacement with an expiry, and keep it in CI secrets. Review environments for other exposed credentials and remove the key from git history.',
  references: ['https://learning.postman.com/docs/developer/postman-api/authentication/'],
  docs: {
    summary: 'Postman API keys (PMAK-…).',
    bad: ['POSTMAN_API_KEY=PMAK-' + '4ceb1bd65f09561abfdf6cd3-71e3f97171a53142043603a77afa8592ad'],
    good: ['POSTMAN_API_KEY=PMAK-' + 'd46c91a671c2ac2af8578efc', 'POSTMAN_API_KEY={{postman_api_key}}'],
  },
});
