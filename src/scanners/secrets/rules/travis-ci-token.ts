import { defineRule } from '../rule.js';

/** Travis CI API tokens: 22 URL-safe characters, recognised only next to a travis … token name or flag. */
export default defineRule({
  id: 'travis-ci-token',
  title: 'Travis CI API token',
  severity: 'HIGH',
  confidence: 0.6,
  keywords: ['travis'],
  pattern:
    /(?<![A-Za-z0-9])travis(?:[\w.-]{0,30}?(?:api[_-]?)?token["']?\s{0,4}(?:[:=]|=>)\s{0,4}|[^\r\n]{0,80}?\s--(?:api-)?token[\s=]{1,4})["']?(?<secret>[A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/i,
  minEntropy: 3.5,
  validate: (secret) => /[a-z]/.test(secret) && /[A-Z]/.test(secret) && /[0-9]/.test(secret),
  description:
    'A Travis CI API token is committed. It acts as its owner on the Travis CI API: triggering and cancelling builds, reading logs and changing repository settings and environment variables of every repository they can access.',
  remediation:
    'Regenerate the token in Travis CI (Settings → API authentication → Regenerate token), keep the new one in a secret store, and remove it from git history.',
  references: ['https://docs.travis-ci.com/user/triggering-builds/'],
  docs: {
    summary: 'Travis CI API tokens assigned to TRAVIS_TOKEN / travis_api_token or passed with --token.',
    bad: ['TRAVIS_API_TOKEN=Kq7x' + 'Tz2Vb9Lw4Rn8Hc3Jd6', 'travis restart --api-token Zn4V' + 'q9Wk2Lx7Tb3Hm8Rc1J'],
    good: ['TRAVIS_API_TOKEN=$TRAVIS_TOKEN', 'travis_token: "xxxxxxxxxxxxxxxxxxxxxx"', 'TRAVIS_BUILD_ID=Kq7xTz2Vb9Lw4Rn8Hc3Jd6'],
  },
});
