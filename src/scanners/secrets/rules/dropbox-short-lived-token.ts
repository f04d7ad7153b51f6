import { defineRule } from '../rule.js';

/** Dropbox short-lived access tokens: sl. (or sl.u.) + 130 or more base64url characters. */
export default defineRule({
  id: 'dropbox-short-lived-token',
  title: 'Dropbox access token',
  severity: 'MEDIUM',
  confidence: 0.85,
  keywords: ['sl.'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_.-])(?<secret>sl\.(?:u\.)?[A-Za-z0-9_-]{130,1400})(?![A-Za-z0-9_-])/,
  minEntropy: 4.5,
  description:
    'A Dropbox short-lived access token is committed. Until it expires (about four hours after issue) it reads and writes the files the app can reach in the user’s or team’s Dropbox; its refresh token, often stored alongside, renews it indefinitely.',
  remediation:
    'Revoke the token (auth/token/revoke, or disconnect the app from the Dropbox account), check whether a refresh token was committed too and revoke that as well, and keep credentials in a secret store. Remove it from git history.',
  references: ['https://developers.dropbox.com/oauth-guide'],
  docs: {
    summary: 'Dropbox short-lived OAuth access tokens (sl.…).',
    bad: [
      'DROPBOX_ACCESS_TOKEN=sl.' +
        '6yC8B9vDDlZfEHYhJS7opPP26CVvHOToDTrekPMwlfrn8XydMz0hR5Udrrfof-MvrUfWiWyeV1gcaINmQHQChZufvhq_VsoskZjjj6OZbzfpS7dWal8vNnuVVKYMmGB5ffWzW-EnqG',
    ],
    good: [
      'DROPBOX_ACCESS_TOKEN=sl.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      'import ssl.' + '6yC8B9vDDlZfEHYhJS7opPP26CVvHOToDTrekPMwlfrn8XydMz0hR5Udrrfof-MvrUfWiWyeV1gcaINmQHQChZufvhq_VsoskZjjj6OZbzfpS7dWal8vNnuVVKYMmGB5ffWzW',
      'DROPBOX_ACCESS_TOKEN=sl.' + '6yC8B9vDDlZfEHYhJS7opPP26CVvHOToDTrekPM',
    ],
  },
});
