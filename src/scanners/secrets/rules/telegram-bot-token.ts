import { defineRule } from '../rule.js';

/** Telegram Bot API tokens: bot id (8–11 digits) + :AA + 33 base64url characters. */
export default defineRule({
  id: 'telegram-bot-token',
  title: 'Telegram bot token',
  severity: 'HIGH',
  confidence: 0.88,
  keywords: [':aa'],
  // Also matches inside API URLs, where the token follows ".../bot".
  pattern: /(?:(?<=bot)|(?<![A-Za-z0-9_-]))(?<secret>[0-9]{8,11}:AA[A-Za-z0-9_-]{33})(?![A-Za-z0-9_-])/,
  minEntropy: 3.8,
  description:
    'A Telegram bot token is committed. It controls the bot: reading the messages users and groups send it, sending messages as it, and changing its webhook to intercept all updates.',
  remediation:
    'Revoke the token with @BotFather (/revoke), deploy the new one from a secret store, and re-register the webhook. Remove it from git history.',
  references: ['https://core.telegram.org/bots/api#authorizing-your-bot'],
  docs: {
    summary: 'Telegram Bot API tokens (<bot id>:AA…).',
    bad: [
      'TELEGRAM_BOT_TOKEN=3114682690:' + 'AAHDVy-CtIAFdoeW7OwsVl9Jj1owx0rI21w',
      'curl https://api.telegram.org/bot3114682690:' + 'AAHDVy-CtIAFdoeW7OwsVl9Jj1owx0rI21w/getMe',
    ],
    good: [
      'TELEGRAM_BOT_TOKEN=123456789:AAxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      'TELEGRAM_BOT_TOKEN=3114682690:' + 'AAHDVy-CtIAFdoeW7Ow',
      'time = "12:AA"',
    ],
  },
});
