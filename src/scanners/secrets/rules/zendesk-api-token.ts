import { allCharacterClasses } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Zendesk API tokens: 40 alphanumerics without prefix, assigned to a Zendesk-named token/key variable. */
export default defineRule({
  id: 'zendesk-api-token',
  title: 'Zendesk API token',
  severity: 'HIGH',
  confidence: 0.65,
  keywords: ['zendesk'],
  pattern:
    /(?<name>[A-Za-z0-9_.-]{0,30}zendesk[A-Za-z0-9_.-]{0,30})["'\]]?\s{0,4}(?::=|=>|=|:)\s{0,4}["'`]?(?<secret>[A-Za-z0-9]{40})(?![A-Za-z0-9_-])/i,
  minEntropy: 3.8,
  validate: (secret, { groups }) =>
    /token|key|secret|password|auth/i.test(groups.name ?? '') && allCharacterClasses(secret),
  description:
    'A Zendesk API token is committed. With an agent’s email address it calls the Zendesk API as that agent (or admin): reading and changing tickets, users and their personal data, and account settings.',
  remediation:
    'Delete the token in Zendesk Admin Center (Apps and integrations → Zendesk API), create a new one and keep it in a secret store. Remove it from git history.',
  references: ['https://developer.zendesk.com/api-reference/introduction/security-and-auth/#api-token'],
  docs: {
    summary: 'Zendesk API tokens assigned to a Zendesk-named token or key variable.',
    bad: ['ZENDESK_API_TOKEN=' + 'O7hwA6pj9bQJlmD0H17HH0OU9aCLbjaZWMhi0Gsz', "zendeskToken: '" + "O7hwA6pj9bQJlmD0H17HH0OU9aCLbjaZWMhi0Gsz',"],
    good: [
      'ZENDESK_SUBDOMAIN=' + 'O7hwA6pj9bQJlmD0H17HH0OU9aCLbjaZWMhi0Gsz',
      'ZENDESK_API_TOKEN=your_zendesk_api_token',
      'ZENDESK_API_TOKEN=' + '0c4f7e2b9a1d3e5f6a7b8c9d0e1f2a3b4c5d6e7f',
    ],
  },
});
