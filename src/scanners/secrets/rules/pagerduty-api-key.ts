import { assignedTo, randomLooking } from '../assigned.js';
import { defineRule } from '../rule.js';

/** PagerDuty REST API keys (u+… user keys and 20-character account keys) assigned to a PagerDuty setting. */
export default defineRule({
  id: 'pagerduty-api-key',
  title: 'PagerDuty API key',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['pagerduty', 'pager_duty'],
  multiline: true,
  pattern: assignedTo(String.raw`pager[_-]?duty`, String.raw`u\+[A-Za-z0-9_+-]{18}|[A-Za-z0-9_+-]{20}`),
  minEntropy: 3.2,
  validate: (secret) => randomLooking(secret),
  description: 'A PagerDuty REST API key is committed. It calls the PagerDuty REST API as its user or the account: acknowledging and resolving incidents, changing schedules and escalation policies.',
  remediation: 'Delete the key in PagerDuty (Integrations → API access keys, or the user’s API access) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://support.pagerduty.com/main/docs/api-access-keys'],
  docs: {
    summary: 'PagerDuty REST API keys (u+… user keys and 20-character account keys) assigned to a PagerDuty setting.',
    bad: [
      'PAGERDUTY_TOKEN=u+k-0_' + 'by-UMfG1zI-pyW',
      'pagerduty_api_key: "u+oeaI' + '4LFTS8yzRlslBf"',
      '  "pagerdutyToken": "u+1OJk' + 'aOGmIDWQ3gAjS9",',
    ],
    good: [
      'PAGERDUTY_TOKEN=${PAGERDUTY_TOKEN}',
      'PAGERDUTY_TOKEN=u+k-0_by-UMf',
      'OTHER_SERVICE_KEY=u+k-0_' + 'by-UMfG1zI-pyW',
    ],
  },
});
