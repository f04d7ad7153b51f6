import { defineRule, TITLES } from '../rule.js';

/** Slack bot user tokens: xoxb- + workspace number + bot user number + 24 alphanumerics. */
export default defineRule({
  id: 'slack-bot-token',
  title: TITLES.slackToken,
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['xoxb-'],
  anchored: true,
  // Current tokens have two numeric parts; very old ones only one.
  pattern: /(?<![A-Za-z0-9_-])(?<secret>xoxb-[0-9]{8,14}-(?:[0-9]{8,14}-)?[A-Za-z0-9]{24,34})(?![A-Za-z0-9_-])/,
  minEntropy: 3.3,
  description:
    'A Slack bot token is committed. It calls the Slack Web API as the app’s bot user with every scope the app was granted, typically reading channels and messages and posting as the bot.',
  remediation:
    'Revoke the token (reinstall the app or use auth.revoke, or rotate it under the app’s OAuth & Permissions page), issue a new one and load it from an environment variable or secret store. Review the workspace access logs and remove the token from git history.',
  references: ['https://api.slack.com/authentication/token-types'],
  docs: {
    summary: 'Slack bot user OAuth tokens (xoxb-).',
    bad: [
      'SLACK_BOT_TOKEN=xoxb-' + '963544628649-9393302844394-AjwbvmopmpkoPXJQ8cSqCLw7',
      'app = App(token="xoxb-' + '963544628649-9393302844394-AjwbvmopmpkoPXJQ8cSqCLw7")',
    ],
    good: [
      'SLACK_BOT_TOKEN=xoxb-your-bot-token',
      'SLACK_BOT_TOKEN=xoxb-' + '963544628649-9393302844394-AjwbvmopmpkoPXJQ8cS',
      'const token = process.env.SLACK_BOT_TOKEN; // starts with xoxb-',
    ],
  },
});
