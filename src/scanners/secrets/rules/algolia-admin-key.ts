import { defineRule } from '../rule.js';

/** Names of Algolia settings that hold public values (search-only keys, ids, index names). */
const PUBLIC_NAME = /search|public|client|front|browser|app_?id|application_?id|index|only/i;

/**
 * Algolia admin and write API keys: 32 hex characters without prefix.
 * Reported when assigned to an Algolia-named key variable that is not a
 * search-only (public) key.
 */
export default defineRule({
  id: 'algolia-admin-key',
  title: 'Algolia admin API key',
  severity: 'HIGH',
  confidence: 0.65,
  keywords: ['algolia'],
  pattern:
    /(?<name>[A-Za-z0-9_.-]{0,30}algolia[A-Za-z0-9_.-]{0,30})["'\]]?\s{0,4}(?::=|=>|=|:)\s{0,4}["'`]?(?<secret>[a-f0-9]{32})(?![A-Za-z0-9_-])/i,
  minEntropy: 3.2,
  validate: (secret, { groups }) => {
    const name = groups.name ?? '';
    return /^[a-f0-9]{32}$/.test(secret) && /key|secret|token|admin|write/i.test(name) && !PUBLIC_NAME.test(name);
  },
  description:
    'An Algolia admin or write API key is committed. The admin key can read, change and delete every index of the application, manage its API keys and read its logs; write keys can overwrite or delete indexed records.',
  remediation:
    'Regenerate the admin key (or delete the write key) in the Algolia dashboard (Settings → API Keys), keep it server-side in a secret store and use search-only keys in clients. Remove it from git history.',
  references: ['https://www.algolia.com/doc/guides/security/api-keys/'],
  docs: {
    summary: 'Algolia admin and write API keys assigned to an Algolia-named key variable (search-only keys excluded).',
    bad: ['ALGOLIA_ADMIN_KEY=' + 'ce5d8dcda818f478ac37cb7c05fd3953', "algoliaWriteApiKey: '" + "ce5d8dcda818f478ac37cb7c05fd3953',"],
    good: [
      'ALGOLIA_SEARCH_API_KEY=' + 'ce5d8dcda818f478ac37cb7c05fd3953',
      'NEXT_PUBLIC_ALGOLIA_API_KEY=' + 'ce5d8dcda818f478ac37cb7c05fd3953',
      'ALGOLIA_ADMIN_KEY=your_admin_api_key',
    ],
  },
});
