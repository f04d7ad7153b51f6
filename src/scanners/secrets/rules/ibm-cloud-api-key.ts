import { defineRule } from '../rule.js';

/** IBM Cloud IAM API keys: 44 URL-safe characters, with IBM context on the line. */
export default defineRule({
  id: 'ibm-cloud-api-key',
  title: 'IBM Cloud API key',
  severity: 'HIGH',
  confidence: 0.65,
  keywords: ['ibm'],
  pattern: /(?<![A-Za-z0-9_-])(?<secret>[A-Za-z0-9][A-Za-z0-9_-]{42}[A-Za-z0-9])(?![A-Za-z0-9_-])/,
  minEntropy: 4,
  validate: (secret, { line }) =>
    /[a-z]/.test(secret) && /[A-Z]/.test(secret) && /[0-9]/.test(secret) && /ibm/i.test(line) && /api[_-]?key|apikey|iam/i.test(line),
  description:
    'An IBM Cloud API key is committed. It obtains IAM tokens as the user or service ID that owns it, with all of its access to the account’s resources.',
  remediation:
    'Delete the key under Manage → Access (IAM) → API keys (or the service ID’s API keys), create a replacement for a least-privilege service ID, and keep it in Secrets Manager or CI secrets. Remove it from git history.',
  references: ['https://cloud.ibm.com/docs/account?topic=account-userapikey'],
  docs: {
    summary: 'IBM Cloud API keys (44 characters) assigned to IBMCLOUD_API_KEY and similar names.',
    bad: ['IBMCLOUD_API_KEY=j4wa9wT9wJeSPUlz1bMDAs' + 'JUYoPIujgIzGFuw-BkUwC2', 'ibm_iam_apikey: "pVNVsrsHMHfXD0KRAQgjKL' + 'KMMmcXCuLJSWSFgo2EP64g"'],
    good: ['IBMCLOUD_API_KEY=${IBM_KEY}', 'ibm_region = "2J4pugJtueszYh6l38jivM' + '16oxm7EcsFhrYNLB9E3v8S"'],
  },
});
