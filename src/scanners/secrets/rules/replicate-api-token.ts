import { defineRule } from '../rule.js';

/** Replicate API tokens: r8_ + 37 alphanumerics. */
export default defineRule({
  id: 'replicate-api-token',
  title: 'Replicate API token',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['r8_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>r8_[A-Za-z0-9]{37})(?![A-Za-z0-9_-])/,
  minEntropy: 3.8,
  description:
    'A Replicate API token is committed. It runs models and deployments billed to the owner’s account and reads their predictions, trainings and private models.',
  remediation:
    'Disable the token on replicate.com (Account → API tokens), create a new one and load it from REPLICATE_API_TOKEN or a secret store. Remove it from git history.',
  references: ['https://replicate.com/docs/reference/http#authentication'],
  docs: {
    summary: 'Replicate API tokens (r8_).',
    bad: ['REPLICATE_API_TOKEN=r8_' + 'Y82cOEU6G8imUSliMz16lrh7XU7gMGSW1jcxj'],
    good: ['REPLICATE_API_TOKEN=r8_your_token', 'REPLICATE_API_TOKEN=r8_' + 'Y82cOEU6G8imUSliMz16'],
  },
});
