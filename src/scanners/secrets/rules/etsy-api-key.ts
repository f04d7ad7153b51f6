import { assignedTo, lettersAndDigits } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Etsy app keystrings assigned to an Etsy setting. */
export default defineRule({
  id: 'etsy-api-key',
  title: 'Etsy API key',
  severity: 'MEDIUM',
  confidence: 0.8,
  keywords: ['etsy'],
  multiline: true,
  pattern: assignedTo(String.raw`(?<![a-z])etsy`, String.raw`[a-z0-9]{24}`),
  minEntropy: 3.5,
  validate: (secret) => lettersAndDigits(secret),
  description: 'A Etsy API keystring is committed. It calls the Etsy Open API as the app, and with a user’s OAuth grant reads and changes that shop’s listings and orders.',
  remediation: 'Reset the keystring and shared secret in Etsy Developers (Your apps) and update the app. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://developers.etsy.com/documentation/essentials/authentication'],
  docs: {
    summary: 'Etsy app keystrings assigned to an Etsy setting.',
    bad: [
      'ETSY_API_KEY=cmj8ltry' + '5emvobrgzn49x89h',
      'etsy_keystring: "0ma9m795' + '2wlguvwbnsk1uxj2"',
      '  "etsyApiKey": "hvxun8ca' + '47ry3g7cty8eo9pj",',
    ],
    good: [
      'ETSY_API_KEY=${ETSY_API_KEY}',
      'ETSY_API_KEY=cmj8ltry5emvob',
      'OTHER_SERVICE_KEY=cmj8ltry' + '5emvobrgzn49x89h',
    ],
  },
});
