import { assignedTo, randomLooking } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Plivo auth tokens assigned to a Plivo setting. */
export default defineRule({
  id: 'plivo-auth-token',
  title: 'Plivo auth token',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['plivo'],
  multiline: true,
  pattern: assignedTo(String.raw`plivo`, String.raw`[A-Za-z0-9_-]{40}`),
  minEntropy: 3.5,
  validate: (secret) => randomLooking(secret),
  description: 'A Plivo auth token is committed. With the auth id it sends SMS and places calls billed to the account.',
  remediation: 'Regenerate the auth token in the Plivo console (Overview) and update the services that use it. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://www.plivo.com/docs/sms/api/overview#authentication'],
  docs: {
    summary: 'Plivo auth tokens assigned to a Plivo setting.',
    bad: [
      'PLIVO_AUTH_TOKEN=hFGZ7pKkTY3zP' + 'HmkdPfa4Vr1Xaaqlzhsd0TXqOJc',
      'plivo_auth_token: "cSiwwQHQbTKVY' + 'VC7Xp22dNZgssgwijKSxpVYemvB"',
      '  "plivoAuthToken": "jEMfbiMZ4sEbc' + 'J904flDePNWMAJui6DguXsc2et0",',
    ],
    good: [
      'PLIVO_AUTH_TOKEN=${PLIVO_AUTH_TOKEN}',
      'PLIVO_AUTH_TOKEN=hFGZ7pKkTY3zPHmkdPfa4Vr1',
      'OTHER_SERVICE_KEY=hFGZ7pKkTY3zP' + 'HmkdPfa4Vr1Xaaqlzhsd0TXqOJc',
    ],
  },
});
