import { defineRule, TITLES } from '../rule.js';

/** Fine-grained personal access tokens: github_pat_ + 22 characters + _ + 59 characters. */
export default defineRule({
  id: 'github-fine-grained-token',
  title: TITLES.githubToken,
  severity: 'CRITICAL',
  confidence: 0.95,
  keywords: ['github_pat_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59})(?![A-Za-z0-9_])/,
  minEntropy: 4,
  description:
    'A fine-grained GitHub personal access token is committed. It acts as its owner on the repositories and permissions it was granted.',
  remediation:
    'Revoke the token under Settings → Developer settings → Fine-grained tokens, issue a new one limited to the repositories and permissions needed, and keep it in a secret store. Remove it from git history.',
  references: ['https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/managing-your-personal-access-tokens'],
  docs: {
    summary: 'Fine-grained personal access tokens (github_pat_).',
    bad: ['export GH_TOKEN=github_pat_' + '11ABCDE2F0q8ZrT5mXw3Lk_' + 'Pq7Vn2Hs9Jd4Gf6Ka1Lz8Xc3Bv5Nm0Qw7Er2Ty9Ui4Op6As1Df8Gh3Jk5Lw'],
    good: ['export GH_TOKEN=github_pat_<your token>', 'prefix = "github_pat_"'],
  },
});
