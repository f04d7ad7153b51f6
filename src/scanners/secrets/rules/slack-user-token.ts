import { defineRule, TITLES } from '../rule.js';

/** Slack user tokens (and legacy test tokens): xoxp- + three numeric parts + 32 hex characters. */
export default defineRule({
  id: 'slack-user-token',
  title: TITLES.slackToken,
  severity: 'CRITICAL',
  confidence: 0.9,
  keywords: ['xoxp-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_.-])(?<secret>xoxp-[0-9]{8,14}-[0-9]{8,14}-[0-9]{8,14}-[a-f0-9]{32})(?![A-Za-z0-9_-])/,
  minEntropy: 3.3,
  description:
    'A Slack user token is committed. It acts as the person who authorised the app, with their access to private channels, direct messages and files, and with admin rights when that user is an admin.',
  remediation:
    'Revoke the token (auth.revoke, or remove the app’s authorisation for that user), issue a new one and keep it in a secret store. Review the workspace access logs for its use and remove it from git history.',
  references: ['https://api.slack.com/authentication/token-types'],
  docs: {
    summary: 'Slack user OAuth tokens and legacy test tokens (xoxp-).',
    bad: ['SLACK_USER_TOKEN = "xoxp-' + '167040929226-045480898970-5561573656939-00f7e44138390fde10e4a10af358c6f2"'],
    good: [
      'SLACK_USER_TOKEN = "xoxp-' + '167040929226-045480898970-5561573656939-00f7e441"',
      'token: xoxp-xxxxxxxxxx-xxxxxxxxxx-xxxxxxxxxxxx-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      'SLACK_USER_TOKEN="${SLACK_USER_TOKEN}" # xoxp-',
    ],
  },
});
