import { defineRule } from '../rule.js';

/**
 * Azure DevOps personal access tokens in the 84-character identifiable
 * format: 52 random characters, the JQQJ9 signature and the AZDO provider tag.
 */
export default defineRule({
  id: 'azure-devops-pat',
  title: 'Azure DevOps personal access token',
  severity: 'CRITICAL',
  confidence: 0.9,
  keywords: ['jqqj9'],
  pattern: /(?<![A-Za-z0-9])(?<secret>[A-Za-z0-9]{52}JQQJ9[A-Za-z0-9]{19}AZDO[A-Za-z0-9]{4})(?![A-Za-z0-9])/,
  minEntropy: 4,
  description:
    'An Azure DevOps personal access token is committed. It acts as its owner on the organizations and scopes it was created for: source code, pipelines, artifacts, work items and service connections.',
  remediation:
    'Revoke the token under User settings → Personal access tokens (organization admins can revoke any user’s PAT), create a new one with the least scopes and shortest lifetime, or use service principals / managed identities. Store it as a secret pipeline variable and remove it from git history.',
  references: ['https://learn.microsoft.com/azure/devops/organizations/accounts/use-personal-access-tokens-to-authenticate'],
  docs: {
    summary: 'Azure DevOps personal access tokens in the 84-character format with the JQQJ9 and AZDO markers.',
    bad: ['AZURE_DEVOPS_EXT_PAT=bWWYhxWvqCBW0AnjyNi97kxoLpsD2wep2Q69WoKp5WguWnySIQDn' + 'JQQJ99A' + 'DARKOOY2XDDrA3y2X' + 'AZDO13dE'],
    good: ['AZURE_DEVOPS_EXT_PAT=LPyPZ0ijGcEaiTFoIoZJlbKttr1Vfxpc6kiW8S8s' + 'JQQJ99A' + 'DxacxdaWWhs8yaYAA' + 'AZDOJX5g', 'AZURE_DEVOPS_EXT_PAT=$(System.AccessToken)'],
  },
});
