import { defineRule, TITLES } from '../rule.js';

/** Slack app-level tokens: xapp- + version digit + app id + number + 64 hex characters. */
export default defineRule({
  id: 'slack-app-token',
  title: TITLES.slackToken,
  severity: 'HIGH',
  confidence: 0.92,
  keywords: ['xapp-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>xapp-[0-9]-[A-Z0-9]{9,12}-[0-9]{10,14}-[a-f0-9]{64})(?![A-Za-z0-9_-])/,
  minEntropy: 3.3,
  description:
    'A Slack app-level token is committed. It opens Socket Mode connections and calls app-level APIs, so whoever holds it can receive the app’s events (including message contents) and act across every workspace the app is installed in.',
  remediation:
    'Revoke the token under the app’s Basic Information → App-Level Tokens, generate a new one and load it from a secret store. Remove it from git history.',
  references: ['https://api.slack.com/authentication/token-types#app-level'],
  docs: {
    summary: 'Slack app-level tokens (xapp-) used for Socket Mode.',
    bad: [
      'SLACK_APP_TOKEN=xapp-' + '1-A0UKE2FWC8N-9159109917141-473878a48c884972d9dac3e3811ac23b783b781efbed2353454a1fa1f44957e5',
    ],
    good: [
      'SLACK_APP_TOKEN=xapp-1-your-app-level-token',
      'SLACK_APP_TOKEN=xapp-' + '1-A0UKE2FWC8N-9159109917141-473878a48c884972d9dac3e3811ac23b',
      'app_token = os.environ["SLACK_APP_TOKEN"]  # xapp-…',
    ],
  },
});
