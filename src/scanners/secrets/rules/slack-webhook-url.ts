import { defineRule } from '../rule.js';

/** Slack incoming webhooks: hooks.slack.com/services/T<workspace>/B<hook>/<24 alphanumerics>. */
export default defineRule({
  id: 'slack-webhook-url',
  title: 'Slack webhook URL',
  severity: 'MEDIUM',
  confidence: 0.92,
  keywords: ['hooks.slack.com/services/'],
  pattern:
    /(?<![A-Za-z0-9_.-])(?<secret>(?:https?:\/\/)?hooks\.slack\.com\/services\/T[A-Z0-9]{8,12}\/B[A-Z0-9]{8,12}\/[A-Za-z0-9]{23,25})(?![A-Za-z0-9_-])/,
  validate: (secret) => /[a-z]/.test(secret.slice(-24)) && /[A-Z0-9]/.test(secret.slice(-24)),
  description:
    'A Slack incoming webhook URL is committed. Anyone who has it can post messages into the channel it is bound to, for example convincing phishing messages that appear to come from the integration.',
  remediation:
    'Remove the webhook (or regenerate its URL) in the Slack app’s Incoming Webhooks settings, create a new one and keep the URL in a secret store or CI secret. Remove it from git history.',
  references: ['https://api.slack.com/messaging/webhooks'],
  docs: {
    summary: 'Slack incoming webhook URLs (hooks.slack.com/services/…).',
    bad: [
      'SLACK_WEBHOOK_URL=https://hooks.slack.com/services/' + 'TBEL4CVFZN5/BN2K9VYTFHP/oqp5U1HVgr8zAq2gvZsqf7gw',
      'curl -X POST -d @msg.json "https://hooks.slack.com/services/' + 'TBEL4CVFZN5/BN2K9VYTFHP/oqp5U1HVgr8zAq2gvZsqf7gw"',
    ],
    good: [
      'SLACK_WEBHOOK_URL=https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX',
      'webhook: https://hooks.slack.com/services/${SLACK_WEBHOOK_PATH}',
      'See https://hooks.slack.com/services/ for incoming webhooks.',
    ],
  },
});
