import { assignedTo, lettersAndDigits } from '../assigned.js';
import { defineRule } from '../rule.js';

/** 30-character Twitch client secrets and OAuth tokens assigned to a Twitch setting. */
export default defineRule({
  id: 'twitch-api-token',
  title: 'Twitch API token',
  severity: 'MEDIUM',
  confidence: 0.8,
  keywords: ['twitch'],
  multiline: true,
  pattern: assignedTo(String.raw`twitch`, String.raw`[a-z0-9]{30}`),
  minEntropy: 3.5,
  validate: (secret) => lettersAndDigits(secret),
  description: 'A Twitch client secret or OAuth token is committed. A client secret mints app tokens; a user token acts on the channel it was granted for (chat, moderation, stream settings).',
  remediation: 'Generate a new client secret in the Twitch developer console, and revoke user tokens (oauth2/revoke). Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://dev.twitch.tv/docs/authentication/'],
  docs: {
    summary: '30-character Twitch client secrets and OAuth tokens assigned to a Twitch setting.',
    bad: [
      'TWITCH_CLIENT_SECRET=uwri4xdsak' + '96dejk2p1bgnofw78rj7',
      'twitch_oauth_token: "ygdivhj9xn' + 'dvmf2didh89l2yx9huk1"',
      '  "twitchClientSecret": "apck5zwmgf' + 'ro0yixrvef1y12q2ovaj",',
    ],
    good: [
      'TWITCH_CLIENT_SECRET=${TWITCH_CLIENT_SECRET}',
      'TWITCH_CLIENT_SECRET=uwri4xdsak96dejk2p',
      'OTHER_SERVICE_KEY=uwri4xdsak' + '96dejk2p1bgnofw78rj7',
    ],
  },
});
