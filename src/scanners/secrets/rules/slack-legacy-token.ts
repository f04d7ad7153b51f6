import { defineRule, TITLES } from '../rule.js';

/**
 * Older and less common Slack tokens: workspace app tokens (xoxa-), refresh
 * tokens (xoxr-), session tokens (xoxs-) and legacy user tokens (xoxo-), in
 * both the numbered form and the single-block workspace form.
 */
export default defineRule({
  id: 'slack-legacy-token',
  title: TITLES.slackToken,
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['xoxa-', 'xoxr-', 'xoxs-', 'xoxo-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_.-])(?<secret>xox[aors]-(?:[0-9]-)?(?:[0-9]{8,14}-[A-Za-z0-9-]{20,200}|[0-9]{1,14}-[0-9]{1,14}-[0-9]{1,14}-[a-fA-F0-9]{20,64}|[A-Za-z0-9]{24,48}))(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  description:
    'A Slack workspace, refresh or session token is committed. Workspace and session tokens call the Slack API for the workspace or user they were issued to; refresh tokens mint new access tokens.',
  remediation:
    'Revoke the token (auth.revoke or by uninstalling the app; sign the user out everywhere for session tokens), issue a new one and keep it in a secret store. Remove it from git history.',
  references: ['https://api.slack.com/authentication/token-types'],
  docs: {
    summary: 'Slack workspace app (xoxa-), refresh (xoxr-), session (xoxs-) and legacy user (xoxo-) tokens.',
    bad: [
      'token = "xoxa-' + '2-871755007775-363990982260-0628572998040-811e66a347df6e6c9096a3f6b00d8c99034ef826b49eaad319d101a2c571d50b"',
      'SLACK_REFRESH_TOKEN=xoxr-' + '286513981529-1861580000269-BXUpmWLNUHzYtDU4y6n08Zgm',
      'slack_token: xoxo-' + '5829-6619372083-7716243350-4c8e1b9f2d7a6e3c5b0f',
      'SLACK_WORKSPACE_TOKEN=xoxa-' + '2-Q7mWk3Rz9Lp4Tn8Vb2Xc6Yd1Fh5Gj0Ks',
    ],
    good: ['SLACK_REFRESH_TOKEN=xoxr-your-refresh-token', 'SLACK_REFRESH_TOKEN=xoxr-' + '286513981529-BXUpmWLN'],
  },
});
