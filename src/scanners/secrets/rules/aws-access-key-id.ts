import { defineRule, TITLES } from '../rule.js';

/** AWS access key ids: a 4-letter type prefix and 16 base32 characters. */
export default defineRule({
  id: 'aws-access-key-id',
  title: TITLES.awsAccessKey,
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['akia', 'asia', 'abia', 'acca', 'a3t'],
  anchored: true,
  // AKIA long-term user key, ASIA temporary (STS) key, ABIA/ACCA service keys; A3T… older ids.
  pattern: /(?<![A-Za-z0-9/+])(?<secret>(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z2-7]{16})(?![A-Za-z0-9/+=])/,
  minEntropy: 3,
  description:
    'An AWS access key id is committed. Together with its secret access key (often nearby, in the same file or history) it signs requests to every AWS API the IAM principal may call.',
  remediation:
    'Deactivate and delete the key in IAM (or let the STS session expire), create a new one, and load it from the environment, an AWS profile or a secrets manager. Check CloudTrail for use of the old key. Remove it from git history.',
  references: ['https://docs.aws.amazon.com/IAM/latest/UserGuide/id_credentials_access-keys.html'],
  docs: {
    summary: 'Access key ids of IAM users (AKIA), STS sessions (ASIA) and other AWS principals.',
    bad: ['aws_access_key_id = "AKIA' + 'Q3EGT7VZ5MXJ4WPR"', 'const id = `ASIA' + 'Y7KD2NQW6HZL3RTB`;'],
    good: [
      'aws_access_key_id = "AKIA' + 'IOSFODNN7EXAMPLE"',
      'AKIA_PREFIX = "AKIA"',
      'const key = process.env.AWS_ACCESS_KEY_ID;',
      'Asia/Tokyo timezone',
    ],
  },
});
