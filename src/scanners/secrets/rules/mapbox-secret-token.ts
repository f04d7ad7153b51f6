import { defineRule } from '../rule.js';

/** The middle part of a Mapbox token is base64url JSON naming the account ("u"). */
function namesAccount(payload: string): boolean {
  try {
    const json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    return typeof json === 'object' && json !== null && typeof (json as Record<string, unknown>).u === 'string';
  } catch {
    return false;
  }
}

/** Mapbox secret access tokens: sk. + base64url JSON ({"u":…,"a":…}) + . + ~22 characters. */
export default defineRule({
  id: 'mapbox-secret-token',
  title: 'Mapbox secret access token',
  severity: 'HIGH',
  confidence: 0.93,
  keywords: ['sk.eyj'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_.-])(?<secret>sk\.eyJ[A-Za-z0-9_-]{20,300}\.[A-Za-z0-9_-]{20,30})(?![A-Za-z0-9_.-])/,
  validate: (secret) => namesAccount(secret.split('.')[1] ?? ''),
  description:
    'A Mapbox secret access token is committed. Depending on its scopes it uploads and deletes tilesets and styles, downloads SDKs, reads account statistics or creates further tokens, all billed to the account.',
  remediation:
    'Delete the token on the Mapbox account’s Access tokens page, create a new one with the least scopes needed and keep it in a secret store; use public (pk.) tokens in clients. Remove it from git history.',
  references: ['https://docs.mapbox.com/accounts/guides/tokens/'],
  docs: {
    summary: 'Mapbox secret access tokens (sk.eyJ…).',
    bad: ['MAPBOX_DOWNLOADS_TOKEN=sk.' + 'eyJ1Ijoic2t5bGluZS1vcHMiLCJhIjoiY2x4OXEyazB3MDFhYjJrbWc3djhuM2Y0eiJ9.mjHFTDbaHa_VVylhE6UdTT'],
    good: [
      'MAPBOX_TOKEN=pk.' + 'eyJ1Ijoic2t5bGluZS1vcHMiLCJhIjoiY2x4OXEyazB3MDFhYjJrbWc3djhuM2Y0eiJ9.mjHFTDbaHa_VVylhE6UdTT',
      'MAPBOX_DOWNLOADS_TOKEN=sk.eyJ1IjoiYOUR_USERNAME_HERE.xxxxxxxxxxxxxxxxxxxxxx',
    ],
  },
});
