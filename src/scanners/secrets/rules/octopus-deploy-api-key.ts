import { randomLooking } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Octopus Deploy API keys (API- + 26 upper-case characters). */
export default defineRule({
  id: 'octopus-deploy-api-key',
  title: 'Octopus Deploy API key',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['api-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>API-[A-Z0-9]{26})(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  validate: (secret) => randomLooking(secret),
  description: 'A Octopus Deploy API key is committed. It acts as its user on the Octopus server: creating releases, deploying to every environment the user may deploy to, and reading variables.',
  remediation: 'Revoke the key in Octopus (Profile → My API keys, or the service account’s keys) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://octopus.com/docs/octopus-rest-api/how-to-create-an-api-key'],
  docs: {
    summary: 'Octopus Deploy API keys (API- + 26 upper-case characters).',
    bad: [
      'OCTOPUS_API_KEY=API-810MWI' + 'MAR93BK1CODXLU1G0TGV',
      'octopus_cli_api_key: "API-SA34AW' + 'LQRYDVDVLLFPHPA6BC64"',
      'const token = \'API-QBVNJ1' + 'G34OESJP624J1OF9KS55\';',
    ],
    good: [
      'OCTOPUS_API_KEY=${OCTOPUS_API_KEY}',
      'OCTOPUS_API_KEY=API-810MWIMAR93BK1',
      'X-API-KEYAUTHENTICATIONHEADERNAME',
    ],
  },
});
