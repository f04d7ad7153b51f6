import { defineRule } from '../rule.js';

/**
 * Codecov upload tokens are plain UUIDs, so the rule needs Codecov context:
 * CODECOV_TOKEN=…, `codecov -t …`, or a `token:` input shortly after a Codecov
 * action or orb (its `with:` block), before the next YAML list item.
 */
export default defineRule({
  id: 'codecov-upload-token',
  title: 'Codecov upload token',
  severity: 'MEDIUM',
  confidence: 0.7,
  keywords: ['codecov'],
  // Runs from the start of the keyword's line (the ^): one attempt per Codecov line, not one per position.
  multiline: true,
  pattern:
    /^[^\r\n]{0,200}?codecov[\w@./-]{0,60}[^-]{0,240}?(?:(?<![A-Za-z0-9])token["']?\s{0,4}[:=]\s{0,4}["']?|\s-t\s{1,4}["']?)(?<secret>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![0-9A-Za-z-])/i,
  description:
    'A Codecov upload token is committed. It uploads coverage reports to the repository (or every repository of the organisation, for a global token), letting anyone forge coverage results and status checks.',
  remediation:
    'Regenerate the token in Codecov (repository or organisation settings), store it as a CI secret (CODECOV_TOKEN) or use tokenless/OIDC uploads, and remove it from git history.',
  references: ['https://docs.codecov.com/docs/codecov-tokens'],
  docs: {
    summary: 'Codecov repository and global upload tokens (UUIDs) next to Codecov context.',
    bad: [
      'CODECOV_TOKEN=3f7a9c2e-5b1d-' + '4e8f-a6c0-9d2b7e4f1a8c',
      '- uses: codecov/codecov-action@v4\n  with:\n    token: 8c1e4a7f-2d9b-' + '4f3e-b5a8-6e0c3d9f2b7a\n    fail_ci_if_error: true',
      'bash <(curl -s https://codecov.io/bash) -t e2b8d5f1-7a3c-' + '4e9b-8f6d-1c4a9e7b3d2f',
    ],
    good: ['CODECOV_TOKEN: ${{ secrets.CODECOV_TOKEN }}', '- uses: codecov/codecov-action@v4\n  with:\n    token: ${{ secrets.CODECOV_TOKEN }}', 'request_id = 3f7a9c2e-5b1d-4e8f-a6c0-9d2b7e4f1a8c'],
  },
});
