import { defineRule } from '../rule.js';

/** Google OAuth 2.0 client secrets in the GOCSPX- format. */
export default defineRule({
  id: 'google-oauth-client-secret',
  title: 'Google OAuth client secret',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['gocspx-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>GOCSPX-[A-Za-z0-9_-]{28})(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  description:
    'A Google OAuth client secret is committed. With the client id it lets anyone impersonate the application in OAuth flows, exchange authorization codes and refresh users’ tokens for the scopes the app was granted.',
  remediation:
    'Add a new secret to the OAuth client under APIs & Services → Credentials, deploy it from a secret store, then disable and delete the leaked one. Remove it from git history.',
  references: ['https://support.google.com/cloud/answer/15549257'],
  docs: {
    summary: 'Google OAuth client secrets (GOCSPX-…).',
    bad: ['"client_secret": "GOCSPX-' + 'Ay6038xocy98p_75va0dUFlqlbtI"', 'GOOGLE_CLIENT_SECRET=GOCSPX-' + 'TXp1Q3v6ARvHGAZ-d0nq2j3qcd0K'],
    good: ['GOOGLE_CLIENT_SECRET=GOCSPX-' + 'gB9HNRoQL9XqC0K7SFZl', 'GOOGLE_CLIENT_SECRET=GOCSPX-your_client_secret_here_0'],
  },
});
