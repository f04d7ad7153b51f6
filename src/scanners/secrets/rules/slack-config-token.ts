import { defineRule, TITLES } from '../rule.js';

/**
 * Slack tokens from token rotation and app configuration: xoxe.xoxp-1-… and
 * xoxe.xoxb-1-… access tokens, and xoxe-1-… refresh tokens.
 */
export default defineRule({
  id: 'slack-config-token',
  title: TITLES.slackToken,
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['xoxe.xox', 'xoxe-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_.-])(?<secret>xoxe(?:\.xox[abp])?-[0-9]-[A-Za-z0-9]{60,300})(?![A-Za-z0-9_-])/,
  minEntropy: 4,
  description:
    'A rotating Slack access token, configuration token or refresh token is committed. Configuration tokens create and change Slack apps through the App Manifest API; refresh tokens mint new access tokens for the app.',
  remediation:
    'Revoke the token (tooling.tokens.rotate or auth.revoke; regenerate configuration tokens under api.slack.com/apps), issue a new one and keep it in a secret store. Remove it from git history.',
  references: ['https://api.slack.com/authentication/config-tokens', 'https://api.slack.com/authentication/rotation'],
  docs: {
    summary: 'Slack configuration, rotating access and refresh tokens (xoxe.xoxp-, xoxe.xoxb-, xoxe-).',
    bad: [
      'SLACK_CONFIG_TOKEN=xoxe.xoxp-' +
        '1-kBljCrcSjQo2zHC5EMXV3ccUA6T0ICWoj8rSjTbTdbz4MeP0lVJvfWi9fyXINg6x4C5LUVVf003theJRIIHEFBlEVK8LUP0x3epjnAvcM4fwm69ZW1p4qI9OF24J6B3T0j5zv5PqYIjqDSPG2nEC5u',
      'refresh_token: "xoxe-' +
        '1-zQ9lQQ22S35fkCjExfbNd1JitMdIArfoQamZdj1TniZqJZlgw4GX91tjcsPQrwlNyhqd1nmfTSBkq7jHLlqBHptZPX7c9XDQs9G0nRnKf1afCJe0sz96Rwb6aLeXd80lPLA9v4W5F9Wc"',
    ],
    good: ['SLACK_CONFIG_TOKEN=xoxe.xoxp-1-your-configuration-token', 'refresh_token: "xoxe-' + '1-zQ9lQQ22S35fkCjExfbNd1"'],
  },
});
