import { defineRule } from '../rule.js';

/** Tencent Cloud API SecretIds: AKID + 32 alphanumerics. */
export default defineRule({
  id: 'tencent-cloud-secret-id',
  title: 'Tencent Cloud SecretId',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['akid'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>AKID[A-Za-z0-9]{32})(?![A-Za-z0-9_])/,
  minEntropy: 3.5,
  description:
    'A Tencent Cloud SecretId is committed. Its SecretKey is usually nearby, and the pair signs API calls with every permission of the CAM user or account that owns it.',
  remediation:
    'Disable and delete the API key in the CAM console (API Keys), create a new one for a least-privilege sub-user or use CAM roles, and load it from environment variables or a secrets manager. Remove it from git history.',
  references: ['https://www.tencentcloud.com/document/product/598/32675'],
  docs: {
    summary: 'Tencent Cloud SecretIds (AKID…).',
    bad: ['TENCENTCLOUD_SECRET_ID=AKID' + 'slyud4DoVg7Yv3TVDh1yf5sMCmI7ZMpG', 'cred = credential.Credential("AKID' + 'q5B8PYyQ4zWbvsVigG0x3AArhRzhhJpw", secret_key)'],
    good: ['TENCENTCLOUD_SECRET_ID=AKID' + 'RrFRw6ippOWJtx6HHNgv', 'TENCENTCLOUD_SECRET_ID=${TENCENT_ID}'],
  },
});
