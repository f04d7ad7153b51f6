import { defineRule } from '../rule.js';

/**
 * Dropbox legacy long-lived access tokens: 64 base64url characters with a run
 * of ten "A"s after the first eleven. Reported on a line that mentions Dropbox.
 */
export default defineRule({
  id: 'dropbox-long-lived-token',
  title: 'Dropbox access token',
  severity: 'HIGH',
  confidence: 0.75,
  // Real tokens hold runs of 'A' (zero bytes in base64): the generic placeholder filter would drop them.
  keepPlaceholders: true,
  keywords: ['dropbox'],
  pattern: /(?<![A-Za-z0-9_.+/-])(?<secret>[A-Za-z0-9_-]{11}AAAAAAAAAA[A-Za-z0-9_-]{43})(?![A-Za-z0-9_+/=-])/,
  minEntropy: 4,
  description:
    'A Dropbox long-lived access token is committed. It does not expire: it reads and writes the files the app can reach in the user’s or team’s Dropbox until revoked.',
  remediation:
    'Revoke the token (auth/token/revoke, or disconnect the app from the Dropbox account), move to short-lived tokens with a refresh token kept in a secret store, and remove it from git history.',
  references: ['https://developers.dropbox.com/oauth-guide'],
  docs: {
    summary: 'Dropbox legacy long-lived access tokens on a line that mentions Dropbox.',
    bad: ['DROPBOX_TOKEN=JrmaOMr5SHFAAAAAAAAAA' + 'FfaBZiidyqKVrifqe4IvtXVKG4Dm2iEmvy25uYyoGsM'],
    good: [
      'OTHER_TOKEN=' + 'JrmaOMr5SHFAAAAAAAAAAFfaBZiidyqKVrifqe4IvtXVKG4Dm2iEmvy25uYyoGsM',
      'DROPBOX_TOKEN=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ],
  },
});
