import { defineRule } from '../rule.js';

/** Gemfile sources with credentials for gems.contribsys.com or enterprise.contribsys.com. */
export default defineRule({
  id: 'sidekiq-gem-source-url',
  title: 'Sidekiq gem source URL',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['contribsys.com'],
  pattern: /https?:\/\/(?<secret>[a-f0-9]{8}:[a-f0-9]{8})@(?:gems|enterprise)\.contribsys\.com(?![A-Za-z0-9.-])/i,
  minEntropy: 2.5,
  description: 'A Sidekiq gem source URL with credentials is committed. It downloads the licensed Sidekiq Pro/Enterprise gems under the licence the credentials belong to.',
  remediation: 'Ask Contributed Systems for new credentials, use `source "https://gems.contribsys.com/"` without them and set them with bundle config or a CI secret. Remove the old one from git history.',
  references: ['https://github.com/sidekiq/sidekiq/wiki/Sidekiq-Pro-and-Enterprise-Installation'],
  docs: {
    summary: 'Gemfile sources with credentials for gems.contribsys.com or enterprise.contribsys.com.',
    bad: [
      'source "https://5f3776' + '77:6e67c6c9@gems.contribsys.com/" do',
    ],
    good: [
      'source "https://5f377677:6@gems.contribsys.com/" do',
    ],
  },
});
