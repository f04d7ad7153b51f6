import { defineRule } from '../rule.js';

/** Older Atlassian API tokens: 24 alphanumerics, with Jira/Confluence/Atlassian and a credential name on the line. */
export default defineRule({
  id: 'atlassian-api-token-legacy',
  title: 'Atlassian API token',
  severity: 'HIGH',
  confidence: 0.6,
  keywords: ['atlassian', 'jira', 'confluence'],
  pattern: /(?<![A-Za-z0-9_-])(?<secret>[A-Za-z0-9]{24})(?![A-Za-z0-9_-])/,
  minEntropy: 3.8,
  validate: (secret, { line }) =>
    /[a-z]/.test(secret) && /[A-Z]/.test(secret) && /[0-9]/.test(secret) && /token|api[_-]?key|passw(?:or)?d|secret/i.test(line),
  description:
    'An Atlassian API token is committed. With the account e-mail it acts as the user in Jira, Confluence and Bitbucket Cloud.',
  remediation:
    'Revoke the token at id.atlassian.com → Security → API tokens, create a replacement with scopes and an expiry, and keep it in a secret manager or CI secrets. Remove it from git history.',
  references: ['https://support.atlassian.com/atlassian-account/docs/manage-api-tokens-for-your-atlassian-account/'],
  docs: {
    summary: 'Older 24-character Atlassian API tokens next to Jira, Confluence or Atlassian credential names.',
    bad: ['JIRA_API_TOKEN=dzi8Vse4Nyxd' + 'GMuE9sVJs4E2', 'confluence_token: "xi16BdxL2on5' + '6Fv02uvkufze"'],
    good: ['jira_account_id: c475942e8cd4' + '7751be2d37bf', 'JIRA_API_TOKEN=${JIRA_API_TOKEN}', 'jira_project_key: "oez9FvHBycaU' + 'hDLh9KksSdf2"'],
  },
});
