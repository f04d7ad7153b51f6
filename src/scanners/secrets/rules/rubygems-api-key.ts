import { defineRule } from '../rule.js';

/** RubyGems.org API keys: rubygems_ + 48 lower-case hex characters. */
export default defineRule({
  id: 'rubygems-api-key',
  title: 'RubyGems API key',
  severity: 'CRITICAL',
  confidence: 0.9,
  keywords: ['rubygems_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>rubygems_[a-f0-9]{48})(?![A-Za-z0-9_])/,
  minEntropy: 3,
  description:
    'A RubyGems.org API key is committed. Within its scopes it pushes new gem versions, yanks releases and manages owners of its owner’s gems, a direct supply-chain compromise.',
  remediation:
    'Delete the key on rubygems.org (Settings → API keys), create one with the fewest scopes and gems needed, enable MFA for pushes, and keep it in ~/.gem/credentials or a CI secret (GEM_HOST_API_KEY). Remove it from git history.',
  references: ['https://guides.rubygems.org/api-key-scopes/'],
  docs: {
    summary: 'RubyGems.org API keys (rubygems_ + 48 hex).',
    bad: [':rubygems_api_key: rubygems_' + '8c2f4e9a1b7d3c6e0f5a2b9d4c7e1f3a6b8d0c2e5f7a9b1d', 'GEM_HOST_API_KEY="rubygems_' + '3e7a9c1f5b2d8e4a6c0f9b3d7e1a5c8f2b6d4e0a9c3f7b1e"'],
    good: [':rubygems_api_key: rubygems_0123', 'GEM_HOST_API_KEY=${{ secrets.RUBYGEMS_API_KEY }}'],
  },
});
