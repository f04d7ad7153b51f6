import { assignedTo, randomLooking } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Mandrill API keys assigned to a Mandrill setting. */
export default defineRule({
  id: 'mandrill-api-key',
  title: 'Mandrill API key',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['mandrill'],
  multiline: true,
  pattern: assignedTo(String.raw`mandrill`, String.raw`[A-Za-z0-9_-]{22}`),
  minEntropy: 3.5,
  validate: (secret) => randomLooking(secret),
  description: 'A Mandrill (Mailchimp Transactional) API key is committed. It sends transactional email from the account’s domains and reads sent messages and their content.',
  remediation: 'Delete the key in Mandrill (Settings → SMTP & API info) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://mailchimp.com/developer/transactional/guides/quick-start/'],
  docs: {
    summary: 'Mandrill API keys assigned to a Mandrill setting.',
    bad: [
      'MANDRILL_API_KEY=wYEaw7s' + '1s7uCd5slt4Tq5E',
      'mandrill_key: "hhIWIfy' + 'rFC4ILyp8dAsHr7"',
      '  "mandrillApiKey": "Qy98cNZ' + 'TQiJpkQLTNuXHh1",',
    ],
    good: [
      'MANDRILL_API_KEY=${MANDRILL_API_KEY}',
      'MANDRILL_API_KEY=wYEaw7s1s7uCd',
      'OTHER_SERVICE_KEY=wYEaw7s' + '1s7uCd5slt4Tq5E',
    ],
  },
});
