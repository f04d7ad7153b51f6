import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Linode personal access tokens assigned to a Linode setting. */
export default defineRule({
  id: 'linode-api-token',
  title: 'Linode (Akamai) API token',
  severity: 'CRITICAL',
  confidence: 0.85,
  keywords: ['linode'],
  multiline: true,
  pattern: assignedTo(String.raw`linode`, String.raw`[a-f0-9]{64}`),
  minEntropy: 3,
  description: 'A Linode (Akamai Cloud) personal access token is committed. It manages the account’s compute instances, volumes, networking and object storage with the token’s scopes.',
  remediation: 'Revoke the token in Cloud Manager (API tokens) and create a new one with narrower scopes and an expiry. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://techdocs.akamai.com/linode-api/reference/get-started'],
  docs: {
    summary: 'Linode personal access tokens assigned to a Linode setting.',
    bad: [
      'LINODE_TOKEN=bdc5887c5743b890806d3' + '118cf1d579775ac0b9eeed2638fdc19a3d6d77eeb17',
      'linode_api_token: "30ab0a2b81f0538dfe2ff' + 'f5d8e4e55645ffafaf3fc543e2cf70785e35512dbc7"',
      '  "linodeToken": "a443fad76da4c53455ac7' + 'dbf979ae717f816bf40c2086ad13ef30fbc9d84b4f5",',
    ],
    good: [
      'LINODE_TOKEN=${LINODE_TOKEN}',
      'LINODE_TOKEN=bdc5887c5743b890806d3118cf1d579775ac0b',
      'OTHER_SERVICE_KEY=bdc5887c5743b890806d3' + '118cf1d579775ac0b9eeed2638fdc19a3d6d77eeb17',
    ],
  },
});
