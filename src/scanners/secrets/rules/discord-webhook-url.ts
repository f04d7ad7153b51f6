import { defineRule } from '../rule.js';

/** Discord webhook URLs: discord.com/api/webhooks/<snowflake>/<68-character token>. */
export default defineRule({
  id: 'discord-webhook-url',
  title: 'Discord webhook URL',
  severity: 'MEDIUM',
  confidence: 0.92,
  keywords: ['discord.com/api', 'discordapp.com/api'],
  pattern:
    /(?<![A-Za-z0-9_.-])(?<secret>(?:https?:\/\/)?(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/api(?:\/v[0-9]{1,2})?\/webhooks\/[0-9]{17,20}\/[A-Za-z0-9_-]{60,80})(?![A-Za-z0-9_-])/,
  minEntropy: 4,
  description:
    'A Discord webhook URL is committed. Anyone who has it can post messages (including links and mentions) into the channel as the webhook, or delete the webhook.',
  remediation:
    'Delete the webhook in the channel’s Integrations settings, create a new one and keep its URL in a secret store or CI secret. Remove it from git history.',
  references: ['https://discord.com/developers/docs/resources/webhook'],
  docs: {
    summary: 'Discord webhook URLs with their token.',
    bad: ['DISCORD_WEBHOOK=https://discord.com/api/webhooks/' + '1085358121755347593/9C3Cn7LXy9Euneh-RrEN_4k7Ryy5aJbjhtHsNRvXZ70816VQMX3tPftgQTh2Bn4uUbVO'],
    good: [
      'DISCORD_WEBHOOK=https://discord.com/api/webhooks/<id>/<token>',
      'DISCORD_WEBHOOK=https://discord.com/api/webhooks/' + '1085358121755347593/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      'See https://discord.com/api/webhooks for the API.',
    ],
  },
});
