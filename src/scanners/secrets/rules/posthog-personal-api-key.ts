import { defineRule } from '../rule.js';

/** PostHog personal API keys (phx_…); public project keys (phc_) are not reported. */
export default defineRule({
  id: 'posthog-personal-api-key',
  title: 'PostHog personal API key',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['phx_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>phx_[A-Za-z0-9_]{43,48})(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  description: 'A PostHog personal API key is committed. It reads the projects’ analytics data (events, persons, recordings) and changes feature flags and settings with its user’s access.',
  remediation: 'Delete the key in PostHog (Account settings → Personal API keys) and create a new one with narrower scopes. Project keys (phc_) are public and need no rotation. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://posthog.com/docs/api'],
  docs: {
    summary: 'PostHog personal API keys (phx_…); public project keys (phc_) are not reported.',
    bad: [
      'POSTHOG_PERSONAL_API_KEY=phx_t8R3Ga1Phcm' + '3fQBgWCgAv5w07410iS4CGD3Qcwe3IJC',
      'posthog_api_key: "phx_C1Z9NqxOAQN' + 'oMPygXykcaccCP4nzyEPGTqXEvpwrNkv"',
      'const token = \'phx_f0ddY53suBr' + 'p4Heo68wRIDMZXdq9CtwKrcecXe4UZpA\';',
    ],
    good: [
      'POSTHOG_PERSONAL_API_KEY=${POSTHOG_PERSONAL_API_KEY}',
      'POSTHOG_PERSONAL_API_KEY=phx_t8R3Ga1Phcm3fQBgWCgAv5w0',
      'posthog.init(\'phc_Zq8vN3kLw2Xp7RtY4mBc9HdF6jGs1a0pp2wFpX8t9Ks\', { api_host })',
    ],
  },
});
