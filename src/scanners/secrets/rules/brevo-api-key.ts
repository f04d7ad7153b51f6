import { defineRule } from '../rule.js';

/** Brevo (formerly Sendinblue) API and SMTP keys: xkeysib- / xsmtpsib- + 64 hex + - + 16 alphanumerics. */
export default defineRule({
  id: 'brevo-api-key',
  title: 'Brevo API key',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['xkeysib-', 'xsmtpsib-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>(?:xkeysib|xsmtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16})(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  description:
    'A Brevo (Sendinblue) API or SMTP key is committed. It sends email and SMS from the account, reads and exports contacts, and changes campaigns and account settings.',
  remediation:
    'Delete the key in Brevo (SMTP & API → API keys), create a new one and keep it in a secret store; restrict API access to known IP addresses where possible. Remove it from git history.',
  references: ['https://developers.brevo.com/docs/getting-started'],
  docs: {
    summary: 'Brevo / Sendinblue API keys (xkeysib-) and SMTP keys (xsmtpsib-).',
    bad: ['BREVO_API_KEY=xkeysib-' + '1297764bbc9f8b0b5c14f304352d5808234d1efb585e3a75bfd25cb6eed31c90-pFRe5xcr4Hbi5E1W'],
    good: ['BREVO_API_KEY=xkeysib-your-api-key', 'BREVO_API_KEY=xkeysib-' + '1297764bbc9f8b0b5c14f304352d5808-pFRe5xcr4Hbi5E1W'],
  },
});
