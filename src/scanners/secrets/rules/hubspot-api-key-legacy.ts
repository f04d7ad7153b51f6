import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Legacy HubSpot API keys (UUIDs) assigned to a HubSpot setting or hapikey parameter. */
export default defineRule({
  id: 'hubspot-api-key-legacy',
  title: 'HubSpot API key (legacy)',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['hubspot', 'hapikey'],
  multiline: true,
  pattern: assignedTo(String.raw`hubspot|hapikey`, String.raw`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`),
  minEntropy: 3,
  description: 'A HubSpot legacy API key is committed. It had full access to the portal’s CRM data through the API; HubSpot retired these keys, but a committed one documents an account and may still be accepted by forks of old integrations.',
  remediation: 'Make sure the key is deactivated in HubSpot (Integrations → API key) and move to a private app token kept in a secret store. Remove the old one from git history.',
  references: ['https://developers.hubspot.com/changelog/upcoming-api-key-sunset'],
  docs: {
    summary: 'Legacy HubSpot API keys (UUIDs) assigned to a HubSpot setting or hapikey parameter.',
    bad: [
      'HUBSPOT_API_KEY=23dbe323-a95' + 'b-48fe-a3f0-28ff67c25b1d',
      'hapikey: "d7149d67-1d5' + '3-4fb4-a7df-0103cb66c0f2"',
      '  "hubspotApiKey": "ea8d6fc9-20d' + '8-4732-a746-3b7eb839282e",',
    ],
    good: [
      'HUBSPOT_API_KEY=${HUBSPOT_API_KEY}',
      'HUBSPOT_API_KEY=23dbe323-a95b-48fe-a3',
      'OTHER_SERVICE_KEY=23dbe323-a95' + 'b-48fe-a3f0-28ff67c25b1d',
    ],
  },
});
