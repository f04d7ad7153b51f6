import { defineRule } from '../rule.js';

/** Sentry user auth tokens: sntryu_ + 64 hex. */
export default defineRule({
  id: 'sentry-user-auth-token',
  title: 'Sentry user auth token',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['sntryu_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>sntryu_[a-f0-9]{64})(?![A-Za-z0-9_])/,
  minEntropy: 3,
  description:
    'A Sentry user auth token is committed. It calls the Sentry API as the user with its scopes: reading events (which may contain personal data and secrets), and managing projects, teams and releases.',
  remediation:
    'Revoke the token under User Settings → Personal Tokens in Sentry, prefer organization tokens for CI, and keep tokens in CI secrets. Remove it from git history.',
  references: ['https://docs.sentry.io/account/auth-tokens/'],
  docs: {
    summary: 'Sentry user auth tokens (sntryu_…).',
    bad: ['SENTRY_AUTH_TOKEN=sntryu_' + '440b4dc35976417e2202a7f4e930208ac05bdad866a75ca2955f4d59635f5058'],
    good: ['SENTRY_AUTH_TOKEN=sntryu_' + '7d464d697f4c5827885d26653d728cb5', 'SENTRY_AUTH_TOKEN=sntryu_<token>'],
  },
});
