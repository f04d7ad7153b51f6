import { defineRule } from '../rule.js';

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/**
 * Microsoft Teams incoming webhook (Office 365 connector) URLs:
 * <tenant>.webhook.office.com/webhookb2/<group>@<tenant>/IncomingWebhook/<32>/<owner>[/<signature>]
 * and the older outlook.office.com/webhook/… form.
 */
export default defineRule({
  id: 'teams-webhook-url',
  title: 'Microsoft Teams webhook URL',
  severity: 'MEDIUM',
  confidence: 0.9,
  keywords: ['webhook.office.com', 'outlook.office.com/webhook', 'outlook.office365.com/webhook'],
  pattern: new RegExp(
    `(?<![A-Za-z0-9_.-])(?<secret>(?:https?://)?(?:[A-Za-z0-9-]{1,60}\\.webhook\\.office\\.com/webhookb2|outlook\\.office(?:365)?\\.com/webhook)/${UUID}@${UUID}/IncomingWebhook/[A-Za-z0-9]{32}/${UUID}(?:/[A-Za-z0-9_-]{20,80})?)(?![A-Za-z0-9_-])`,
  ),
  minEntropy: 3.5,
  description:
    'A Microsoft Teams incoming webhook URL is committed. Anyone who has it can post cards and messages into the Teams channel as the connector, for example convincing phishing messages.',
  remediation:
    'Remove the Incoming Webhook connector from the channel (or move to a Workflows webhook), create a new one and keep its URL in a secret store or CI secret. Remove it from git history.',
  references: ['https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/add-incoming-webhook'],
  docs: {
    summary: 'Microsoft Teams incoming webhook (Office 365 connector) URLs.',
    bad: [
      'TEAMS_WEBHOOK=https://contoso.webhook.office.com/webhookb2/' +
        '92590f88-e0d1-4b84-8ab1-496d74fb0c7f@163d6926-34ea-494c-992e-eca2ea9a70c8/IncomingWebhook/pvdvLzaPZwCwWJq62XFZJtjESw4lAKJz/a29ce5c4-6f14-43a8-9be3-e483c1d19931/V2PZhkFT7SkCyat37NsCNO5GNV8E8p2tkiwMPiMZLm1Zh',
      'url: "https://outlook.office.com/webhook/' +
        '92590f88-e0d1-4b84-8ab1-496d74fb0c7f@163d6926-34ea-494c-992e-eca2ea9a70c8/IncomingWebhook/pvdvLzaPZwCwWJq62XFZJtjESw4lAKJz/a29ce5c4-6f14-43a8-9be3-e483c1d19931"',
    ],
    good: [
      'TEAMS_WEBHOOK=https://contoso.webhook.office.com/webhookb2/<group-id>@<tenant-id>/IncomingWebhook/<id>/<owner>',
      'TEAMS_WEBHOOK=https://contoso.webhook.office.com/webhookb2/' +
        '00000000-0000-0000-0000-000000000000@00000000-0000-0000-0000-000000000000/IncomingWebhook/00000000000000000000000000000000/00000000-0000-0000-0000-000000000000',
    ],
  },
});
