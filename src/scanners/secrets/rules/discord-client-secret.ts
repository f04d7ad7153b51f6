import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Discord OAuth2 client secrets assigned to a Discord secret setting. */
export default defineRule({
  id: 'discord-client-secret',
  title: 'Discord client secret',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['discord'],
  multiline: true,
  pattern: assignedTo(String.raw`discord`, String.raw`[A-Za-z0-9_-]{32}`, 'secret'),
  minEntropy: 3.5,
  description: 'A Discord OAuth2 client secret is committed. With the client id it exchanges authorization codes for tokens of users who authorised the application.',
  remediation: 'Reset the secret in the Discord developer portal (OAuth2) and update the application. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://discord.com/developers/docs/topics/oauth2'],
  docs: {
    summary: 'Discord OAuth2 client secrets assigned to a Discord secret setting.',
    bad: [
      'DISCORD_CLIENT_SECRET=-Go-kBxSXg' + 'o-BOPYhmj27ozmEtny_G9A',
      'discord_client_secret: "8h0P3pXqR8' + '2RHax-2k4iy0yyJdO5xYmd"',
      '  "discordClientSecret": "HQgFGglFYB' + '55jOV4UVooDSXRJ_aiN3iW",',
    ],
    good: [
      'DISCORD_CLIENT_SECRET=${DISCORD_CLIENT_SECRET}',
      'DISCORD_CLIENT_SECRET=-Go-kBxSXgo-BOPYhmj',
      'OTHER_SERVICE_KEY=-Go-kBxSXg' + 'o-BOPYhmj27ozmEtny_G9A',
    ],
  },
});
