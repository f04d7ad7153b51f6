import { defineRule } from '../rule.js';

/** Doppler tokens: dp. + type (pt personal, st service, sa service account, ct CLI, scim, audit) + random part. */
export default defineRule({
  id: 'doppler-token',
  title: 'Doppler token',
  severity: 'CRITICAL',
  confidence: 0.95,
  keywords: ['dp.pt.', 'dp.st.', 'dp.sa.', 'dp.ct.', 'dp.scim.', 'dp.audit.'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_.-])(?<secret>dp\.(?:pt|st|sa|ct|scim|audit)\.(?:[a-z0-9_-]{1,40}\.)?[A-Za-z0-9]{40,44})(?![A-Za-z0-9_-])/,
  minEntropy: 3.8,
  description:
    'A Doppler token is committed. Depending on its type it reads the secrets of a config (service tokens) or acts as a user or service account across the workplace’s projects, which hold other credentials.',
  remediation:
    'Revoke the token in the Doppler dashboard (the config’s Access tab, the service account, or Tokens in your account settings), create a replacement with the narrowest access, and keep it in CI secrets. Remove it from git history.',
  references: ['https://docs.doppler.com/docs/token-formats'],
  docs: {
    summary: 'Doppler personal, service, service account, CLI, SCIM and audit tokens (dp.pt., dp.st., …).',
    bad: ['DOPPLER_TOKEN=dp.st.' + 'prd.5vsQCiNKY9FyVXn0gVMuVuYYXVYcvRpurk6aFc1K4no', 'doppler_token: dp.pt.' + '6wxMokbvTSDQ98u6mPSw9eGLpTee6UqegOgZXCCV5Iq'],
    good: ['DOPPLER_TOKEN=dp.st.' + 'wXHoFMLtvuMt0KiReeRw', 'DOPPLER_TOKEN=${{ secrets.DOPPLER_TOKEN }}'],
  },
});
