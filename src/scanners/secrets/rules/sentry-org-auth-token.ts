import { defineRule } from '../rule.js';

/** Sentry organization auth tokens: sntrys_ + base64 JSON (org, url, iat) + _ + the secret. */
export default defineRule({
  id: 'sentry-org-auth-token',
  title: 'Sentry organization auth token',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['sntrys_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>sntrys_eyJ[A-Za-z0-9+/=_-]{20,800}_[A-Za-z0-9+/]{40,50})(?![A-Za-z0-9+/=_-])/,
  minEntropy: 4,
  validate: (secret) => {
    const payload = secret.slice('sntrys_'.length, secret.lastIndexOf('_'));
    try {
      const value: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    } catch {
      return false;
    }
  },
  description:
    'A Sentry organization auth token is committed. It uploads source maps and debug files and creates releases for the organization, which lets its holder tamper with the symbolication of error reports.',
  remediation:
    'Revoke the token under Settings → Developer Settings → Organization Tokens in Sentry, create a replacement, and keep it in CI secrets (SENTRY_AUTH_TOKEN). Remove it from git history.',
  references: ['https://docs.sentry.io/account/auth-tokens/'],
  docs: {
    summary: 'Sentry organization auth tokens (sntrys_…) whose payload decodes to JSON.',
    bad: ['SENTRY_AUTH_TOKEN=sntrys_' + 'eyJpYXQiOjE3NDc1MzY0ODguNSwidXJsIjoiaHR0cHM6Ly9zZW50cnkuaW8iLCJyZWdpb25fdXJsIjoiaHR0cHM6Ly9kZS5zZW50cnkuaW8iLCJvcmciOiJuaW1idXMtbGFicyJ9_Uhl6mA1mZFAvpb76gIlvjbXEbPlasLx0JaIdP7CyYTT'],
    good: ['SENTRY_AUTH_TOKEN=sntrys_' + 'eyJpYXQiOjE3MDAwMDAwMDB9', 'SENTRY_AUTH_TOKEN=${{ secrets.SENTRY_AUTH_TOKEN }}'],
  },
});
