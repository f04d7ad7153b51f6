import { randomLooking } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Adobe Developer Console OAuth client secrets (p8e-…). */
export default defineRule({
  id: 'adobe-client-secret',
  title: 'Adobe client secret',
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['p8e-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>p8e-[A-Za-z0-9]{32})(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  validate: (secret) => randomLooking(secret),
  description: 'A Adobe Developer Console client secret is committed. With its client id it obtains OAuth server-to-server access tokens for the Adobe APIs (Creative Cloud, Experience Platform, Analytics) the project is entitled to.',
  remediation: 'Rotate the client secret in the Adobe Developer Console (project → credentials), update the services that use it, then delete the old secret. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://developer.adobe.com/developer-console/docs/guides/authentication/'],
  docs: {
    summary: 'Adobe Developer Console OAuth client secrets (p8e-…).',
    bad: [
      'ADOBE_CLIENT_SECRET=p8e-rP6pe93m' + 'KvkVPXOFAZIR0WmK9hP3mbm1',
      'ims_client_secret: "p8e-UYTYIUu2' + '7kHAst1qJYjHMRAM6skivKeB"',
      'const token = \'p8e-GvywOFcc' + '4sJutGiJ4pPycZ3szKIQKDEk\';',
    ],
    good: [
      'ADOBE_CLIENT_SECRET=${ADOBE_CLIENT_SECRET}',
      'ADOBE_CLIENT_SECRET=p8e-rP6pe93mKvkVPXOFA',
    ],
  },
});
