import { defineRule } from '../rule.js';

/**
 * Workflow trigger URLs signed with a SAS signature (sig=): Teams "Workflows"
 * webhooks and other Power Automate / Azure Logic Apps HTTP triggers, on
 * *.logic.azure.com or *.environment.api.powerplatform.com.
 */
export default defineRule({
  id: 'teams-workflow-webhook-url',
  title: 'Microsoft Teams workflow webhook URL',
  severity: 'MEDIUM',
  confidence: 0.85,
  keywords: ['logic.azure.com', 'api.powerplatform.com'],
  pattern:
    /(?<![A-Za-z0-9_.-])(?<secret>https:\/\/[A-Za-z0-9.-]{1,120}\.(?:logic\.azure\.com|api\.powerplatform\.com)(?::443)?\/[A-Za-z0-9_.%/-]{10,300}\?[A-Za-z0-9_.%&=/-]{0,300}?sig=[A-Za-z0-9_%-]{30,100})(?![A-Za-z0-9_%-])/,
  validate: (secret) => /workflows\//.test(secret),
  description:
    'A signed workflow trigger URL (Teams Workflows webhook, Power Automate or Logic Apps HTTP trigger) is committed. The sig parameter is a shared-access signature: anyone with the URL can run the workflow with their own input, for example posting into Teams channels.',
  remediation:
    'Regenerate the trigger’s access keys (Logic Apps: Access keys → regenerate; Power Automate: recreate the trigger), keep the new URL in a secret store or CI secret and remove the old one from git history.',
  references: ['https://learn.microsoft.com/en-us/azure/logic-apps/logic-apps-securing-a-logic-app#access-for-inbound-calls-to-request-based-triggers'],
  docs: {
    summary: 'SAS-signed Power Automate / Logic Apps workflow trigger URLs, including Teams Workflows webhooks.',
    bad: [
      'TEAMS_WEBHOOK_URL=https://prod-42.westeurope.logic.azure.com:443/workflows/' +
        '5d6ee45b6c5d7f4c0d839e60b8f03469/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=NdysGbxVrlJKWAru1_43' + 'hj5Sa1UWSOGGAY3sDwTcY0P',
    ],
    good: [
      'TEAMS_WEBHOOK_URL=https://prod-42.westeurope.logic.azure.com:443/workflows/' +
        '5d6ee45b6c5d7f4c0d839e60b8f03469/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0',
      'TEAMS_WEBHOOK_URL=https://prod-42.westeurope.logic.azure.com:443/workflows/<id>/triggers/manual/paths/invoke?sig=<signature>',
    ],
  },
});
