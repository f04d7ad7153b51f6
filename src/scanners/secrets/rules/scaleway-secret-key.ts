import { defineRule } from '../rule.js';

/** Names that hold ids rather than secrets. */
const ID_NAME = /project|organi[sz]ation|(?:_|-|\b)id\b|access[_-]?key/i;

/**
 * Scaleway API secret keys (UUIDs), when the line names a Scaleway secret or a
 * secret_key setting sits in a Scaleway provider block.
 */
export default defineRule({
  id: 'scaleway-secret-key',
  title: 'Scaleway secret key',
  severity: 'CRITICAL',
  confidence: 0.7,
  keywords: ['scw', 'scaleway', 'secret_key', 'secret-key', 'secretkey'],
  pattern: /(?<![A-Za-z0-9_-])(?<secret>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![A-Za-z0-9_-])/,
  minEntropy: 3,
  validate: (_secret, { line, text, offset }) => {
    if (!/secret/i.test(line) || ID_NAME.test(line)) return false;
    if (/scw|scaleway/i.test(line)) return true;
    return /scaleway/i.test(text.slice(Math.max(0, offset - 400), offset + 400));
  },
  description:
    'A Scaleway API secret key is committed. With its access key it calls the Scaleway API with the permissions of the IAM application or user it belongs to, across the projects those policies cover.',
  remediation:
    'Delete the API key in the Scaleway console (IAM → API keys), create a replacement for an IAM application with least-privilege policies, and keep it in a secret manager or CI secrets. Remove it from git history.',
  references: ['https://www.scaleway.com/en/docs/iam/how-to/create-api-keys/'],
  docs: {
    summary: 'Scaleway secret keys (UUIDs) assigned to SCW_SECRET_KEY, or as secret_key in a Scaleway provider block.',
    bad: ['SCW_SECRET_KEY=e42c0da7' + '-c60c-4fe5-876d-a57c95d25310', 'provider "scaleway" {\n  access_key = "SCW' + 'K3R7QJ2D8HV4N5XZB"\n  secret_key = "6ba60f3e' + '-7521-45c4-8aa3-c58553fda7bc"\n}'],
    good: ['SCW_DEFAULT_PROJECT_ID=f9a2953e' + '-3202-412c-8787-9a43211cbd84', 'provider "aws" {\n  secret_key = "b33155ce' + '-5a26-47e4-8148-822dcece0a4b"\n}', 'SCW_SECRET_KEY=${SCW_SECRET_KEY}'],
  },
});
