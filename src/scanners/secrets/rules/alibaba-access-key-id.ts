import { defineRule } from '../rule.js';

/** Alibaba Cloud AccessKey IDs: LTAI + 12 to 20 alphanumerics. */
export default defineRule({
  id: 'alibaba-access-key-id',
  title: 'Alibaba Cloud AccessKey ID',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['ltai'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>LTAI[A-Za-z0-9]{12,20})(?![A-Za-z0-9_])/,
  minEntropy: 3.2,
  validate: (secret) => /[0-9]/.test(secret.slice(4)) && /[A-Za-z]/.test(secret.slice(4)),
  description:
    'An Alibaba Cloud AccessKey ID is committed. Its AccessKey secret is usually nearby, and the pair signs API calls with every permission of the RAM user or account that owns it.',
  remediation:
    'Disable and delete the AccessKey pair in the RAM console, create a new one for a least-privilege RAM user only if needed (or use RAM roles / STS), and keep it in environment variables or a secrets manager. Remove it from git history.',
  references: ['https://www.alibabacloud.com/help/en/ram/user-guide/create-an-accesskey-pair'],
  docs: {
    summary: 'Alibaba Cloud AccessKey IDs (LTAI…).',
    bad: ['ALIBABA_CLOUD_ACCESS_KEY_ID=LTAI' + '4QQRWHBmjaQCLDSMBpYB', 'accessKeyId: "LTAI' + 'GjoxQtdvBvYRBy9L",'],
    good: ['ALIBABA_CLOUD_ACCESS_KEY_ID=LTAI' + '3n4fklSe', 'accessKeyId: process.env.ALIBABA_CLOUD_ACCESS_KEY_ID'],
  },
});
