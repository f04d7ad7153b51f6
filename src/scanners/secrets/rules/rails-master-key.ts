import { defineRule } from '../rule.js';

/**
 * Rails config/master.key and config/credentials/<env>.key: 32 hex characters
 * that decrypt credentials.yml.enc. The file holds nothing else, so the rule
 * has no keywords: it runs on files at that path only.
 */
export default defineRule({
  id: 'rails-master-key',
  title: 'Rails master key',
  severity: 'CRITICAL',
  confidence: 0.9,
  keywords: [],
  pathPattern: /(?:^|\/)config\/(?:master|credentials\/[\w-]{1,60})\.key$/,
  pattern: /^\s{0,4}(?<secret>[0-9a-f]{32})\s{0,4}$/,
  minEntropy: 2.5,
  cwe: 'CWE-321',
  description:
    'A Rails master key is committed. It decrypts config/credentials.yml.enc, which holds the application’s production secrets (database passwords, API keys, secret_key_base).',
  remediation:
    'Rotate every secret stored in the encrypted credentials, re-encrypt them with a new key (bin/rails credentials:edit after moving the old key away), provide the key through RAILS_MASTER_KEY from a secret store, make sure config/master.key is in .gitignore, and remove it from git history.',
  references: ['https://guides.rubyonrails.org/security.html#custom-credentials'],
  docs: {
    summary: 'Committed config/master.key and config/credentials/*.key files.',
    path: 'config/master.key',
    bad: ['4f1c9a7e2b8d3e6f' + '0a5c1b9d7e2f4a8c\n'],
    good: ['', 'key goes here'],
  },
});
