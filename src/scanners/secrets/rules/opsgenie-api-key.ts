import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Opsgenie API keys (UUIDs) assigned to an Opsgenie setting. */
export default defineRule({
  id: 'opsgenie-api-key',
  title: 'Opsgenie API key',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['opsgenie'],
  multiline: true,
  pattern: assignedTo(String.raw`opsgenie`, String.raw`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`),
  minEntropy: 3,
  description: 'A Opsgenie API key is committed. It creates, closes and reads alerts, and with configuration access changes teams, schedules and integrations.',
  remediation: 'Delete the API integration or key in Opsgenie (Settings → API key management) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://support.atlassian.com/opsgenie/docs/api-key-management/'],
  docs: {
    summary: 'Opsgenie API keys (UUIDs) assigned to an Opsgenie setting.',
    bad: [
      'OPSGENIE_API_KEY=72fee1a7-1f9' + '4-4c35-ac40-69b05fb291ae',
      'opsgenie_api_key: "8af6a2af-58b' + 'c-4502-a606-f1cd08e052fd"',
      '  "opsgenieApiKey": "84c90db4-b7a' + '7-48b8-adcc-1968aab9b786",',
    ],
    good: [
      'OPSGENIE_API_KEY=${OPSGENIE_API_KEY}',
      'OPSGENIE_API_KEY=72fee1a7-1f94-4c35-ac',
      'OTHER_SERVICE_KEY=72fee1a7-1f9' + '4-4c35-ac40-69b05fb291ae',
    ],
  },
});
