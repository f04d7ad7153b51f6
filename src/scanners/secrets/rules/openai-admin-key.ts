import { defineRule } from '../rule.js';

/** OpenAI organisation admin keys: sk-admin- + a long base64url body. */
export default defineRule({
  id: 'openai-admin-key',
  title: 'OpenAI admin key',
  severity: 'CRITICAL',
  confidence: 0.93,
  keywords: ['sk-admin-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>sk-admin-[A-Za-z0-9_-]{40,250})(?![A-Za-z0-9_-])/,
  minEntropy: 4,
  description:
    'An OpenAI admin API key is committed. It manages the organisation: it invites and removes users, creates projects and service accounts, issues API keys and reads audit logs and usage.',
  remediation:
    'Delete the admin key in the OpenAI organisation settings (Admin keys), review the audit log for changes made with it, and keep any replacement in a secret store used only by administrative tooling. Remove it from git history.',
  references: ['https://platform.openai.com/docs/api-reference/administration'],
  docs: {
    summary: 'OpenAI organisation admin API keys (sk-admin-).',
    bad: [
      'OPENAI_ADMIN_KEY=sk-admin-' +
        'RUK9Nhy4bOHLvgbIK9XmC1dRo8aQYBk6kJ6fHKYOlHrrMNRDxHPjkRXBuVauw98-oUnrEiiWB5T3BlbkFJH7-zYsqxhlLka8WRCm77tOUO79rX3KIg4S4Bp3sHtvjDdfAiC5Sr2tRpu8LJl5Je5r6SeweXw-',
    ],
    good: ['OPENAI_ADMIN_KEY=sk-admin-...', 'OPENAI_ADMIN_KEY=sk-admin-' + 'RUK9Nhy4bOHLvgbIK9Xm'],
  },
});
