import { defineRule } from '../rule.js';

/**
 * JFrog reference tokens (identity tokens): 64 base64 characters encoding
 * "reftkn:01:<expiry>:<random>", so they start with cmVmdGtu.
 */
export default defineRule({
  id: 'jfrog-reference-token',
  title: 'JFrog reference token',
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['cmvmdgtu'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_+/])(?<secret>cmVmdGtu[A-Za-z0-9]{56})(?![A-Za-z0-9_+/])/,
  minEntropy: 4,
  validate: (secret) => /^reftkn:\d{2}:\d{1,12}:/.test(Buffer.from(secret, 'base64').toString('latin1')),
  description:
    'A JFrog reference token (identity token) is committed. It authenticates to Artifactory and the rest of the JFrog Platform with the scope of the access token it refers to, typically its owner’s full permissions.',
  remediation:
    'Revoke the token in the JFrog Platform (User Profile → Identity Tokens, or Administration → Access Tokens), create a new scoped token with an expiry, and keep it in a secret store or CI secret. Remove it from git history.',
  references: ['https://jfrog.com/help/r/jfrog-platform-administration-documentation/access-tokens'],
  docs: {
    summary: 'JFrog Platform reference and identity tokens (base64 of reftkn:…).',
    bad: ['JFROG_ACCESS_TOKEN=cmVmdGtuOjAxOjE3NjcyMjU2MDA6' + 'SHE3TG0yVmI5S3A0V244UnQzWWg2SmQxRnM1', '<password>cmVmdGtuOjAxOjE3NjcyMjU2MDA6' + 'SHE3TG0yVmI5S3A0V244UnQzWWg2SmQxRnM1</password>'],
    good: ['JFROG_ACCESS_TOKEN=cmVmdGtu', 'JFROG_ACCESS_TOKEN=cmVmdGtu' + 'QWxwaGFCZXRhR2FtbWFEZWx0YUVwc2lsb25aZXRhRXRhVGhldGFJb3Rh'],
  },
});
