import { defineRule } from '../rule.js';

/** The line talks about Azure DevOps or a personal access token. */
const CONTEXT = /azure|devops|(?<![a-z])ado(?![a-z])|ado_|_ado|vsts|visualstudio\.com|(?<![a-z])pat(?![a-z])|_pat|pat_|personal.?access.?token/i;

/** Older Azure DevOps personal access tokens: 52 lower-case base32 characters, with Azure DevOps or PAT context. */
export default defineRule({
  id: 'azure-devops-pat-legacy',
  title: 'Azure DevOps personal access token',
  severity: 'CRITICAL',
  confidence: 0.65,
  keywords: ['azure', 'devops', 'vsts', 'visualstudio.com', '_pat', 'pat_', '-pat', 'pat=', 'ado_', '_ado', 'personal_access', 'personalaccess'],
  pattern: /(?<![A-Za-z0-9_])(?<secret>[a-z2-7]{52})(?![A-Za-z0-9_])/,
  minEntropy: 4,
  validate: (secret, { line }) => /[2-7]/.test(secret) && CONTEXT.test(line),
  description:
    'An Azure DevOps personal access token is committed. It acts as its owner on the organizations and scopes it was created for: source code, pipelines, artifacts, work items and service connections.',
  remediation:
    'Revoke the token under User settings → Personal access tokens (organization admins can revoke any user’s PAT), create a new one with the least scopes and shortest lifetime, or use service principals / managed identities. Store it as a secret pipeline variable and remove it from git history.',
  references: ['https://learn.microsoft.com/azure/devops/organizations/accounts/use-personal-access-tokens-to-authenticate'],
  docs: {
    summary: 'Azure DevOps personal access tokens in the older 52-character base32 format, next to an Azure DevOps or PAT name.',
    bad: [
      'AZURE_DEVOPS_EXT_PAT=coygk6pokxzsovgahcptdvfoiz' + 'cgpgye37ndjsvvox3eybkqdijf',
      'git clone https://build:q4pdqigdbhkhdcshntzy5hunqv' + 'rpdfpzjme6z2zcf5zxk3uwfzvl@dev.azure.com/contoso/shop/_git/shop',
    ],
    good: [
      'integrity = "yzdoedgq3wj4wqe75qfoxd7t22' + 'dzckwn3d4n3karvw3x7q2gqm5k"',
      'AZURE_DEVOPS_EXT_PAT=qvbzrvkiwriycmh4x467bto7o' + 'gfueawi2g4iiq3ijefy7q3cf2e',
      'AZURE_DEVOPS_EXT_PAT=$(ADO_PAT)',
    ],
  },
});
