import { defineRule } from '../rule.js';

/** Atlassian API tokens (ATATT3…) and organization admin API keys (ATCTT3…), with their checksum suffix. */
export default defineRule({
  id: 'atlassian-api-token',
  title: 'Atlassian API token',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['atatt3', 'atctt3'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>AT[AC]TT3[A-Za-z0-9_=-]{150,250})(?![A-Za-z0-9_=-])/,
  minEntropy: 4.5,
  description:
    'An Atlassian API token is committed. With the account e-mail it acts as the user in Jira, Confluence and Bitbucket Cloud (or, for an organization API key, administers the organization).',
  remediation:
    'Revoke the token at id.atlassian.com → Security → API tokens (or the organization’s API keys in admin.atlassian.com), create a replacement with scopes and an expiry, and keep it in a secret manager or CI secrets. Remove it from git history.',
  references: ['https://support.atlassian.com/atlassian-account/docs/manage-api-tokens-for-your-atlassian-account/'],
  docs: {
    summary: 'Atlassian Cloud API tokens (ATATT3…) and organization API keys (ATCTT3…).',
    bad: ['JIRA_API_TOKEN=ATATT3' + 'xFfGF0BeF4cZwBTE5JLRpK5RmgGgKQyPF1UPULeJx3091oTr-USA57lEqYc2d-GHkjDhahtWt9T5eszBRZ3gHayJ41Xz9GlRyvPkkDxWrq3IFYa_Gfwn6hWewZyzjW_DhpOME_HeSqIrQS0IdSUnYU6lu65bVEVi850zIWOjsGQ36Wbxk=4691D87B'],
    good: ['JIRA_API_TOKEN=ATATT3' + 'xFfGF0RlSb-7Ykl_1hplr4Ai7SdX90H51R8pfmcj6ZWlEJ', 'JIRA_API_TOKEN=${JIRA_API_TOKEN}'],
  },
});
