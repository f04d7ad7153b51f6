import { defineRule } from '../rule.js';

/** The first part of a bot token is the bot's user id (a Discord snowflake) in base64. */
function encodesSnowflake(part: string): boolean {
  return /^[0-9]{17,20}$/.test(Buffer.from(part, 'base64').toString('latin1'));
}

/**
 * Discord bot tokens: base64(user id) . 6 characters (timestamp) . 27–38
 * characters (HMAC), on a line that mentions Discord, a bot or a token.
 */
export default defineRule({
  id: 'discord-bot-token',
  title: 'Discord bot token',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['discord', 'bot_token', 'bottoken', 'bot-token', 'bot token', 'bot ', 'bot_', '.login('],
  pattern: /(?<![A-Za-z0-9_.-])(?<secret>[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,38})(?![A-Za-z0-9_.-])/,
  minEntropy: 4,
  validate: (secret) => encodesSnowflake(secret.slice(0, secret.indexOf('.'))),
  description:
    'A Discord bot token is committed. It logs in as the bot, with its permissions in every server it has joined: reading and sending messages, and moderating or administering where it has those roles.',
  remediation:
    'Reset the token in the Discord Developer Portal (Applications → Bot → Reset Token), deploy the new one from a secret store and check the servers the bot is in for abuse. Remove it from git history.',
  references: ['https://discord.com/developers/docs/reference#authentication'],
  docs: {
    summary: 'Discord bot tokens whose first part decodes to a Discord user id.',
    bad: [
      'DISCORD_TOKEN=MTA2MjA0MDQxMzYyNDc3NjI0NQ.' + '23JiS9.jyt9MiK9YJshePNsgqKzwfAqFbUQ_ahAO5pI_L',
      "client.login('MTA2MjA0MDQxMzYyNDc3NjI0NQ." + "23JiS9.jyt9MiK9YJshePNsgqKzwfAqFbUQ_ahAO5pI_L'); // bot",
    ],
    good: [
      // First part does not decode to a user id.
      'DISCORD_TOKEN=Mzk4ZjIxYWJjZGVmZ2hpamtsbW5v.' + '23JiS9.jyt9MiK9YJshePNsgqKzwfAqFbUQ_ahAO5pI_L',
      'DISCORD_TOKEN=your-bot-token-here',
      "client.login(process.env.DISCORD_TOKEN); // bot token",
    ],
  },
});
