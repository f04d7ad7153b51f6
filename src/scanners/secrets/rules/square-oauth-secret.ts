import { defineRule } from '../rule.js';

/** Square application (OAuth client) secrets: sq0csp- + 43 base64url characters. */
export default defineRule({
  id: 'square-oauth-secret',
  title: 'Square OAuth secret',
  severity: 'HIGH',
  confidence: 0.92,
  keywords: ['sq0csp-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>sq0csp-[A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/,
  minEntropy: 3.8,
  description:
    'A Square application secret is committed. With the application id it exchanges and refreshes OAuth codes, so whoever has it can obtain and renew access tokens for sellers who authorised the app.',
  remediation:
    'Replace the application secret in the Square Developer Dashboard (OAuth page of the application), deploy it from a secret store and remove the old one from git history.',
  references: ['https://developer.squareup.com/docs/oauth-api/overview'],
  docs: {
    summary: 'Square OAuth application secrets (sq0csp-).',
    bad: ['SQUARE_APPLICATION_SECRET=sq0csp-' + 'ufjRs-XNYm2YFh1dtd3awXils9O1FcKI5gEBTw-WYGn'],
    good: ['SQUARE_APPLICATION_SECRET=sq0csp-your-application-secret', 'SQUARE_APPLICATION_SECRET=sq0csp-' + 'ufjRs-XNYm2YFh1dtd3aw'],
  },
});
