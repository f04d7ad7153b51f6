import { defineRule } from '../rule.js';

/** Intercom access tokens: base64 of "tok:<id>:<n>:<n>", so always beginning dG9rO. */
export default defineRule({
  id: 'intercom-access-token',
  title: 'Intercom access token',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['dg9ro'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9+/_-])(?<secret>dG9rO[A-Za-z0-9+/]{40,100}={0,2})(?![A-Za-z0-9+/=_-])/,
  minEntropy: 4,
  validate: (secret) => /^tok:[A-Za-z0-9_-]{20,60}:[0-9]{1,4}:[0-9]{1,4}$/.test(Buffer.from(secret, 'base64').toString('latin1')),
  description:
    'An Intercom access token is committed. It calls the Intercom API for the workspace: reading and updating contacts (with their personal data), conversations and messages, and sending messages as the workspace.',
  remediation:
    'Regenerate the access token in the Intercom Developer Hub (the app’s Authentication page), deploy the new one from a secret store and remove the old one from git history.',
  references: ['https://developers.intercom.com/docs/build-an-integration/learn-more/authentication'],
  docs: {
    summary: 'Intercom access tokens (base64 "tok:…").',
    bad: ['INTERCOM_ACCESS_TOKEN=dG9rO' + 'mQzNGYwZjRiX2ZhZDJfNDU1Zl9iMTVhXzU5MWY0M2Y2NGNmZToxOjA='],
    good: [
      // Decodes to "tok:not a real access token, just prose", not tok:<id>:<n>:<n>.
      'INTERCOM_ACCESS_TOKEN=dG9rO' + 'm5vdCBhIHJlYWwgYWNjZXNzIHRva2VuLCBqdXN0IHByb3Nl',
      'INTERCOM_ACCESS_TOKEN=dG9rO',
    ],
  },
});
