import { assignedTo, randomLooking } from '../assigned.js';
import { defineRule } from '../rule.js';

/** LinkedIn OAuth client secrets assigned to a LinkedIn secret setting. */
export default defineRule({
  id: 'linkedin-client-secret',
  title: 'LinkedIn client secret',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['linkedin', 'linked_in', 'linked-in'],
  multiline: true,
  pattern: assignedTo(String.raw`linked[_-]?in`, String.raw`[A-Za-z0-9]{16}`, 'secret'),
  minEntropy: 3.2,
  validate: (secret) => randomLooking(secret),
  description: 'A LinkedIn OAuth client secret is committed. With the client id it exchanges authorization codes for tokens of every member who signed in to the app.',
  remediation: 'Generate a new client secret in the LinkedIn developer portal (Auth) and update the app. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://learn.microsoft.com/en-us/linkedin/shared/authentication/authentication'],
  docs: {
    summary: 'LinkedIn OAuth client secrets assigned to a LinkedIn secret setting.',
    bad: [
      'LINKEDIN_CLIENT_SECRET=MfLvZf' + 'bxt3yReUfS',
      'linkedin_client_secret: "D196Lw' + 'VpyAMk1Afu"',
      '  "linkedinClientSecret": "nK5bsi' + 'uAoh59b9jj",',
    ],
    good: [
      'LINKEDIN_CLIENT_SECRET=${LINKEDIN_CLIENT_SECRET}',
      'LINKEDIN_CLIENT_SECRET=MfLvZfbxt',
      'OTHER_SERVICE_KEY=MfLvZf' + 'bxt3yReUfS',
    ],
  },
});
