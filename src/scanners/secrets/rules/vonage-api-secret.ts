import { assignedTo, randomLooking } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Vonage/Nexmo API secrets assigned to a Vonage or Nexmo setting. */
export default defineRule({
  id: 'vonage-api-secret',
  title: 'Vonage (Nexmo) API secret',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['nexmo', 'vonage'],
  multiline: true,
  pattern: assignedTo(String.raw`nexmo|vonage`, String.raw`[A-Za-z0-9]{16}`),
  minEntropy: 3.2,
  validate: (secret) => randomLooking(secret),
  description: 'A Vonage (Nexmo) API secret is committed. With the API key it sends SMS and places calls billed to the account, and reads message records.',
  remediation: 'Create a new secret in the Vonage API dashboard (Settings → API keys) and delete the old one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://developer.vonage.com/en/getting-started/concepts/authentication'],
  docs: {
    summary: 'Vonage/Nexmo API secrets assigned to a Vonage or Nexmo setting.',
    bad: [
      'VONAGE_API_SECRET=pv6UgI' + '3m5lfhiUPx',
      'nexmo_api_secret: "dqpEfV' + 'z9eigsz02A"',
      '  "vonageApiSecret": "NUNmjN' + 'k2TR2gqUyW",',
    ],
    good: [
      'VONAGE_API_SECRET=${VONAGE_API_SECRET}',
      'VONAGE_API_SECRET=pv6UgI3m5',
      'OTHER_SERVICE_KEY=pv6UgI' + '3m5lfhiUPx',
    ],
  },
});
