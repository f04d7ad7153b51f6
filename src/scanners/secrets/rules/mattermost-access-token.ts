import { assignedTo, lettersAndDigits } from '../assigned.js';
import { defineRule } from '../rule.js';

/** 26-character Mattermost tokens assigned to a Mattermost setting. */
export default defineRule({
  id: 'mattermost-access-token',
  title: 'Mattermost access token',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['mattermost'],
  multiline: true,
  pattern: assignedTo(String.raw`mattermost`, String.raw`[a-z0-9]{26}`),
  minEntropy: 3.5,
  validate: (secret) => lettersAndDigits(secret),
  description: 'A Mattermost personal access or bot token is committed. It calls the Mattermost server API as its user or bot: reading and posting in every channel it belongs to.',
  remediation: 'Revoke the token (Profile → Security → Personal access tokens, or the bot account) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://developers.mattermost.com/integrate/reference/personal-access-token/'],
  docs: {
    summary: '26-character Mattermost tokens assigned to a Mattermost setting.',
    bad: [
      'MATTERMOST_TOKEN=k85isora' + 'dcda81xsbplfmfza4z',
      'mattermost_access_token: "1i2wtzge' + 'ne78b47l4jk8n4v3rh"',
      '  "mattermostToken": "vvg8avm6' + 'moc905rdfwgy6w0klh",',
    ],
    good: [
      'MATTERMOST_TOKEN=${MATTERMOST_TOKEN}',
      'MATTERMOST_TOKEN=k85isoradcda81x',
      'OTHER_SERVICE_KEY=k85isora' + 'dcda81xsbplfmfza4z',
    ],
  },
});
