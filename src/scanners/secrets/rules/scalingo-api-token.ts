import { defineRule } from '../rule.js';

/** Scalingo API tokens (tk-us-…). */
export default defineRule({
  id: 'scalingo-api-token',
  title: 'Scalingo API token',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['tk-us-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>tk-us-[A-Za-z0-9_-]{48})(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  description: 'A Scalingo API token is committed. It manages the user’s Scalingo apps: deploying code, reading and changing environment variables (which often hold other credentials), and scaling or deleting apps.',
  remediation: 'Revoke the token in the Scalingo dashboard (Profile → API tokens) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://doc.scalingo.com/platform/cli/login'],
  docs: {
    summary: 'Scalingo API tokens (tk-us-…).',
    bad: [
      'SCALINGO_API_TOKEN=tk-us-llqFHwDnhCe2' + 'Db0EPhKW-j24q628sRFWBwTgk93o1neuYpFh',
      'scalingo_api_token: "tk-us-ZsV72EC_SYg8' + 'zcp7QwSN1rANcQHfleYkRvJJI5v32woO5ww5"',
      'const token = \'tk-us-XK8VNW4CUBCs' + 'lbF0Ok6Trf_vJ5YyNQZWBicMiHOJY6vvSAqB\';',
    ],
    good: [
      'SCALINGO_API_TOKEN=${SCALINGO_API_TOKEN}',
      'SCALINGO_API_TOKEN=tk-us-llqFHwDnhCe2Db0EPhKW-j24q6',
    ],
  },
});
