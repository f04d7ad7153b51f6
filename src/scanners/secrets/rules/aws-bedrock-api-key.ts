import { defineRule } from '../rule.js';

/** Amazon Bedrock long-lived (ABSK…) and short-lived (bedrock-api-key-…) API keys. */
export default defineRule({
  id: 'aws-bedrock-api-key',
  title: 'Amazon Bedrock API key',
  severity: 'CRITICAL',
  confidence: 0.9,
  keywords: ['absk', 'bedrock-api-key-'],
  pattern: /(?<![A-Za-z0-9_+/-])(?<secret>ABSK[A-Za-z0-9+/]{109,269}={0,2}|bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t[A-Za-z0-9+/%_-]{20,2000}={0,2})(?![A-Za-z0-9+/=_-])/,
  minEntropy: 4,
  description: 'A Amazon Bedrock API key is committed. It calls Amazon Bedrock models as the IAM user it belongs to, billed to the AWS account; long-lived keys stay valid until they expire or are revoked.',
  remediation: 'Delete or deactivate the key (IAM → the Bedrock service-specific credential of the user), prefer short-lived keys or IAM roles, and review Bedrock usage in CloudTrail. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.aws.amazon.com/bedrock/latest/userguide/api-keys.html'],
  docs: {
    summary: 'Amazon Bedrock long-lived (ABSK…) and short-lived (bedrock-api-key-…) API keys.',
    bad: [
      'AWS_BEARER_TOKEN_BEDROCK=ABSKQmVkcm9ja0FQSUtleSCJNyeSW9ujr3DIXS3Kp0VsOKSdj4' + 'herOvRzq35c/S4PRQ1uhCwzk5uCaiT6SpuuqvienXdeGkEUnrzYNgQPtQq5hKMtKUkeN5lF03F/cWRP/lCEV/bFrlA1UELlhufcI3B',
      'bedrock_api_key: "ABSKQmVkcm9ja0FQSUtleSs49YylpROhUSRufT+X8byVrDlnjQ' + 'jZ9XL01ZV26ptIkv5szKHV+RTmIOi/v5l4iRtKpftHk9aCzohBodTfA7s6L1p0hq4O2XmJj8JJTEMw9fL0VLnHl22iw6hm8qTGnbCh"',
      'const token = \'ABSKQmVkcm9ja0FQSUtleSjnowdPz3eWMRepZxURQQp1FDNGLZ' + 'rAo9QQyP4ScG9WEBa+Umu3ULR299NbRpqOCsC0ULgJBU8HKh7YivAP5RHKSJjwvoKMDMTxYHXSUnBSHEW/C1sM+fnGvqvq+Co1Oi27\';',
    ],
    good: [
      'AWS_BEARER_TOKEN_BEDROCK=${AWS_BEARER_TOKEN_BEDROCK}',
      'AWS_BEARER_TOKEN_BEDROCK=ABSKQmVkcm9ja0FQSUtleSCJNyeSW9ujr3DIXS3Kp0VsOKSdj4herOvRzq35c/S4PRQ1uhCwzk5uCaiT6SpuuqvienX',
    ],
  },
});
