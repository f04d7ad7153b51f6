import { defineRule } from '../rule.js';

/** Bitbucket Cloud app passwords: ATBB + 32 characters. */
export default defineRule({
  id: 'bitbucket-app-password',
  title: 'Bitbucket app password',
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['atbb'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>ATBB[A-Za-z0-9_=.-]{32})(?![A-Za-z0-9_=.-])/,
  minEntropy: 3.8,
  description:
    'A Bitbucket Cloud app password is committed. With the username it acts as the user on every workspace and repository they can reach, with the permissions chosen for the password (often repository write and pipelines).',
  remediation:
    'Revoke the app password under Personal settings → App passwords, replace it with a scoped API token or access token, and keep it in CI secrets. Remove it from git history.',
  references: ['https://support.atlassian.com/bitbucket-cloud/docs/app-passwords/'],
  docs: {
    summary: 'Bitbucket Cloud app passwords (ATBB…).',
    bad: ['BITBUCKET_APP_PASSWORD=ATBB' + 'qb3Gv5umLUFQVJ47JBDxZrn9DBAE4647', 'git clone https://ci-bot:ATBB' + 'IThPsVqEqS2s0u54TsSLhS5q78D38541@bitbucket.org/acme/api.git'],
    good: ['BITBUCKET_APP_PASSWORD=ATBB' + 'YyrMMY9WQsN7GJ5b', 'BITBUCKET_APP_PASSWORD=${BB_PASSWORD}'],
  },
});
