import { defineRule } from '../rule.js';

/** 42 Intra OAuth application secrets (s-s4t2ud-…, s-s4t2af-…). */
export default defineRule({
  id: 'intra42-client-secret',
  title: '42 Intra client secret',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['s-s4t2ud-', 's-s4t2af-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>s-s4t2(?:ud|af)-[a-f0-9]{64})(?![A-Za-z0-9_-])/,
  minEntropy: 3,
  description: 'A 42 Intra OAuth client secret is committed. With the application uid it obtains API tokens for the 42 school network intranet API as that application.',
  remediation: 'Regenerate the secret on the application page of profile.intra.42.fr and update the services that use it. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://api.intra.42.fr/apidoc/guides/getting_started'],
  docs: {
    summary: '42 Intra OAuth application secrets (s-s4t2ud-…, s-s4t2af-…).',
    bad: [
      'FT_CLIENT_SECRET=s-s4t2ud-771701b184ddbf7' + '5a6b3ddf4158f2be3cffc7670eeb1a0475b250da6cf432045',
      'intra_client_secret: "s-s4t2ud-f5ac61c70e821a0' + '778202295c6da7c82511510a090fce0ac82738d67d7a740b3"',
      'const token = \'s-s4t2ud-8f712b3d65e3dd4' + 'acd123b1d58150d2cf9150bd70da00d3db4f20b64a6487354\';',
    ],
    good: [
      'FT_CLIENT_SECRET=${FT_CLIENT_SECRET}',
      'FT_CLIENT_SECRET=s-s4t2ud-771701b184ddbf75a6b3ddf4158f2be3cf',
    ],
  },
});
