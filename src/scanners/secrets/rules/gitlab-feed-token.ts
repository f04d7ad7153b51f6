import { defineRule } from '../rule.js';

/** GitLab feed tokens (glft-…), usually in feed or calendar URLs. */
export default defineRule({
  id: 'gitlab-feed-token',
  title: 'GitLab feed token',
  severity: 'MEDIUM',
  confidence: 0.9,
  keywords: ['glft-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>glft-[A-Za-z0-9_-]{20,64}(?:\.[A-Za-z0-9]{2}\.[A-Za-z0-9]{7,12})?)(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description:
    'A GitLab feed token is committed. It reads the user’s RSS and Atom feeds and calendar feeds, exposing titles and details of issues, merge requests and activity in private projects.',
  remediation:
    'Reset the feed token under User settings → Access tokens → Feed token, and remove the URL or token from git history.',
  references: ['https://docs.gitlab.com/security/tokens/#feed-token'],
  docs: {
    summary: 'GitLab feed tokens (glft-…), usually in feed or calendar URLs.',
    bad: [
      'https://gitlab.com/dashboard/issues.atom?feed_token=glft-' + 'UNGPfJyC4bsDCX_GTJOP&state=opened',
    ],
    good: [
      'https://gitlab.com/dashboard/issues.atom?feed_token=glft-' + 'H8l6GNEv',
      'feed_token=<your feed token>',
    ],
  },
});
