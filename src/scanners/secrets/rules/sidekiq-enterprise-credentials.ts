import { defineRule } from '../rule.js';

/** Sidekiq Pro/Enterprise credentials in BUNDLE_*__CONTRIBSYS__COM settings and bundle config commands. */
export default defineRule({
  id: 'sidekiq-enterprise-credentials',
  title: 'Sidekiq Pro/Enterprise credentials',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['contribsys'],
  pattern: /(?:BUNDLE_(?:ENTERPRISE|GEMS)__CONTRIBSYS__COM["']?\s{0,4}(?::=|=>|=|:)\s{0,4}["']?|(?:gems|enterprise)\.contribsys\.com["']?\s{1,4}["']?)(?<secret>[a-f0-9]{8}:[a-f0-9]{8})(?![A-Za-z0-9_-])/i,
  minEntropy: 2.5,
  description: 'A Sidekiq Pro/Enterprise gem server credential is committed. It downloads the licensed Sidekiq Pro/Enterprise gems from Contributed Systems’ private gem server under the licence it belongs to.',
  remediation: 'Ask Contributed Systems for new credentials (the licence page), then set them with bundle config outside the repository or as a CI secret. Remove the old one from git history.',
  references: ['https://github.com/sidekiq/sidekiq/wiki/Sidekiq-Pro-and-Enterprise-Installation'],
  docs: {
    summary: 'Sidekiq Pro/Enterprise credentials in BUNDLE_*__CONTRIBSYS__COM settings and bundle config commands.',
    bad: [
      'BUNDLE_GEMS__CONTRIBSYS__COM=4e1401' + '56:496153c2',
      'bundle_enterprise__contribsys__com: "5af26f' + 'e8:4dc13197"',
      'bundle config --local gems.contribsys.com 425cf6' + '41:5efaa36f',
    ],
    good: [
      'BUNDLE_GEMS__CONTRIBSYS__COM=${BUNDLE_GEMS__CONTRIBSYS__COM}',
      'BUNDLE_GEMS__CONTRIBSYS__COM=4e140156:4',
    ],
  },
});
