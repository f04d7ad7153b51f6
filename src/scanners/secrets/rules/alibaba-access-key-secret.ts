import { defineRule } from '../rule.js';

/** Alibaba Cloud AccessKey secrets: 30 alphanumerics assigned to an AccessKeySecret-style name. */
export default defineRule({
  id: 'alibaba-access-key-secret',
  title: 'Alibaba Cloud AccessKey secret',
  severity: 'CRITICAL',
  confidence: 0.8,
  keywords: ['accesskeysecret', 'access_key_secret', 'access-key-secret', 'alicloud_secret', 'aliyun'],
  pattern:
    /(?:access[_-]?key[_-]?secret|alicloud[_-]?secret[_-]?key|aliyun[A-Za-z0-9_.-]{0,20}secret)["']?\s{0,4}(?::=|=>|=|:)\s{0,4}["']?(?<secret>[A-Za-z0-9]{30})(?![A-Za-z0-9_-])/i,
  minEntropy: 3.8,
  validate: (secret) => /[a-z]/.test(secret) && /[A-Z]/.test(secret) && /[0-9]/.test(secret),
  description:
    'An Alibaba Cloud AccessKey secret is committed. With its AccessKey ID it signs API calls with every permission of the RAM user or account that owns the pair.',
  remediation:
    'Disable and delete the AccessKey pair in the RAM console, create a new one for a least-privilege RAM user only if needed (or use RAM roles / STS), and keep it in environment variables or a secrets manager. Remove it from git history.',
  references: ['https://www.alibabacloud.com/help/en/ram/user-guide/create-an-accesskey-pair'],
  docs: {
    summary: 'Alibaba Cloud AccessKey secrets (30 characters) assigned to AccessKeySecret, ALIBABA_CLOUD_ACCESS_KEY_SECRET or ALICLOUD_SECRET_KEY.',
    bad: ['ALIBABA_CLOUD_ACCESS_KEY_SECRET=zSB7fyokYERgMPh' + '1bZ1vuvyIGwKPIh', "accessKeySecret: '9jjNkLJJUv1HFfZ" + "4a1Jmaa8OkfjcCv',"],
    good: ['ALIBABA_CLOUD_ACCESS_KEY_SECRET=${ALIYUN_SECRET}', 'accessKeySecret: "fJ0R1gejR5ohsDY' + '22Br50sQnF"'],
  },
});
