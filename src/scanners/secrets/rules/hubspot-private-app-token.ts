import { defineRule } from '../rule.js';

/** HubSpot private app and personal access tokens: pat- + region (na1, eu1, …) + - + UUID. */
export default defineRule({
  id: 'hubspot-private-app-token',
  title: 'HubSpot private app token',
  severity: 'HIGH',
  confidence: 0.93,
  keywords: ['pat-na', 'pat-eu', 'pat-ap'],
  anchored: true,
  pattern:
    /(?<![A-Za-z0-9_-])(?<secret>pat-(?:na|eu|ap)[0-9]-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description:
    'A HubSpot private app access token is committed. With the app’s scopes it reads and changes the portal’s CRM records (contacts and their personal data, deals, companies), marketing email and settings.',
  remediation:
    'Rotate the token in HubSpot (Settings → Integrations → Private apps → Auth → Rotate), deploy the new one from a secret store and remove the old one from git history.',
  references: ['https://developers.hubspot.com/docs/api/private-apps'],
  docs: {
    summary: 'HubSpot private app access tokens (pat-na1-…, pat-eu1-…).',
    bad: ['HUBSPOT_ACCESS_TOKEN=pat-na1-' + '11efd285-f19e-44c5-b250-6898114249a0'],
    good: ['HUBSPOT_ACCESS_TOKEN=pat-na1-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx', 'HUBSPOT_ACCESS_TOKEN=pat-na1-' + '11efd285-f19e-44c5'],
  },
});
