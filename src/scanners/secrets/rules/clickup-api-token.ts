import { defineRule } from '../rule.js';

/** ClickUp personal API tokens: pk_ + user id + _ + 32 upper-case alphanumerics. */
export default defineRule({
  id: 'clickup-api-token',
  title: 'ClickUp API token',
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['pk_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>pk_[0-9]{5,12}_[A-Z0-9]{32})(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  description:
    'A ClickUp personal API token is committed. It calls the ClickUp API as its owner: reading and changing tasks, docs, comments and members in every workspace they belong to.',
  remediation:
    'Regenerate the token in ClickUp (Settings → Apps → API Token), keep the new one in a secret store and remove the old one from git history.',
  references: ['https://clickup.com/api/developer-portal/authentication/#personal-token'],
  docs: {
    summary: 'ClickUp personal API tokens (pk_<user id>_…).',
    bad: ['CLICKUP_API_TOKEN=pk_' + '09386894_NVRHZ6DY738E82OZ87IH1XSOPBHU0ID1'],
    good: [
      'CLICKUP_API_TOKEN=pk_12345678_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX',
      'STRIPE_PUBLISHABLE_KEY=pk_live_' + 'NVRHZ6DY738E82OZ87IH1XSOPBHU0ID1',
      'CLICKUP_API_TOKEN=pk_' + '09386894_NVRHZ6DY738E',
    ],
  },
});
