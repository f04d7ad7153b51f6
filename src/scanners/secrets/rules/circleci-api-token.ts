import { defineRule } from '../rule.js';

/** CircleCI personal (CCIPAT_) and project (CCIPRJ_) API tokens: prefix + base58 UUID + _ + 40 hex. */
export default defineRule({
  id: 'circleci-api-token',
  title: 'CircleCI API token',
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['ccipat_', 'cciprj_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>CCIP(?:AT|RJ)_[1-9A-HJ-NP-Za-km-z]{20,24}_[a-f0-9]{40})(?![A-Za-z0-9_])/,
  minEntropy: 3.5,
  description:
    'A CircleCI API token is committed. A personal token acts as its owner on every organisation and project they can access (triggering pipelines, reading and setting project environment variables and contexts); a project token has the project scope it was given.',
  remediation:
    'Delete the token in CircleCI (User Settings → Personal API Tokens, or Project Settings → API Permissions), create a new one, and keep it in a secret store or CI context. Review project environment variables and contexts for tampering. Remove it from git history.',
  references: ['https://circleci.com/docs/managing-api-tokens/', 'https://circleci.com/changelog/new-format-for-api-access-tokens/'],
  docs: {
    summary: 'CircleCI personal (CCIPAT_) and project (CCIPRJ_) API tokens.',
    bad: ['CIRCLE_TOKEN=CCIPAT_' + 'Qm7xTz2Kp9WbLr4Nv8Hc3J_' + '5e8b2d9f1a4c7e0b3d6f9a2c5e8b1d4f7a0c3e6b', 'curl -H "Circle-Token: CCIPRJ_' + 'Vd3KxP8sRq2LmW7nZb5HtY_' + '9c2f5a8d1b4e7c0f3a6d9b2e5c8f1a4d7b0e3c6f"'],
    good: ['CIRCLE_TOKEN=CCIPAT_xxxxxxxxxxxx', 'CIRCLE_TOKEN=${CIRCLECI_TOKEN}'],
  },
});
