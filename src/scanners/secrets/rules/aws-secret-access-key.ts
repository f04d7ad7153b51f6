import { defineRule } from '../rule.js';

/** An AWS access key id (AKIA long-term, ASIA temporary). */
const KEY_ID = /(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z2-7]{16}(?![A-Za-z0-9])/;
/** The line itself says the value is an AWS secret key. */
const NAMED = /aws.{0,40}(?:secret|key)|amazon.{0,40}secret|secret.?access.?key/i;
/** Several capitalised words in a row: a CamelCase identifier, not random base64. */
const CAMEL_CASE = /(?:[A-Z][a-z]{3,}){3}/;
/** What may stand right before an assigned or quoted value. */
const VALUE_START = /["'`=:\s>(,]/;
/** Lines either side of the value searched for its key id. */
const NEIGHBOUR_LINES = 5;
const NEIGHBOUR_CHARS = 4096;

/** The text from NEIGHBOUR_LINES lines above the offset to NEIGHBOUR_LINES lines below it. */
function neighbourhood(text: string, offset: number): string {
  let from = offset;
  for (let i = 0; i <= NEIGHBOUR_LINES && from > 0; i++) from = Math.max(0, text.lastIndexOf('\n', from - 1));
  let to = offset;
  for (let i = 0; i <= NEIGHBOUR_LINES && to < text.length; i++) {
    const nl = text.indexOf('\n', to + 1);
    to = nl === -1 ? text.length : nl;
  }
  return text.slice(Math.max(from, offset - NEIGHBOUR_CHARS), Math.min(to, offset + NEIGHBOUR_CHARS));
}

/**
 * AWS secret access keys: 40 base64 characters with no prefix of their own,
 * so reported only where the line names them or an AWS key id is close by.
 */
export default defineRule({
  id: 'aws-secret-access-key',
  title: 'AWS secret access key',
  severity: 'CRITICAL',
  confidence: 0.8,
  keywords: ['aws', 'amazon', 'secret'],
  pattern: /(?<![A-Za-z0-9/+])(?<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/,
  minEntropy: 4.2,
  validate: (secret, { line, text, offset }) => {
    if (!/[a-z]/.test(secret) || !/[A-Z]/.test(secret) || (secret.match(/[0-9]/g)?.length ?? 0) < 2) return false;
    if (CAMEL_CASE.test(secret) || !VALUE_START.test(text.charAt(offset - 1))) return false;
    // The name must be outside the value: identifiers such as …V1AwsJsonWebKeys name themselves.
    const rest = line.replace(secret, ' ');
    // Yandex Cloud's S3-compatible keys (YC…) have their own rule and title.
    if (secret.startsWith('YC') && /yandex/i.test(rest) && !/aws|amazon/i.test(rest)) return false;
    if (NAMED.test(rest)) return true;
    return /secret/i.test(rest) && KEY_ID.test(neighbourhood(text, offset));
  },
  description:
    'An AWS secret access key is committed. With its access key id it signs requests to every AWS API the IAM user or role may call, which often includes reading data, changing infrastructure and running up charges.',
  remediation:
    'Deactivate and delete the access key in IAM, create a new one only if still needed, and load credentials from the environment, an AWS profile, an instance/task role or a secrets manager. Review CloudTrail for use of the old key and remove it from git history.',
  references: ['https://docs.aws.amazon.com/IAM/latest/UserGuide/id_credentials_access-keys.html'],
  docs: {
    summary: 'AWS secret access keys, where the line names them or an AKIA/ASIA key id is within five lines.',
    bad: [
      'aws_secret_access_key = NDBNMZ7enFf7D0pfbn7W' + '2XQvZNk4G3tOHXm7g+mR',
      'access_key = AKIA' + 'SZF6PT6HSY8FEEBL'.replace(/[018-9]/g, 'Q') + '\nsecret_key = "rUy9QwDo1Kx4aVO7nOVK' + 'JueaBWdzBMmXCCQXGoF2"',
      '"SecretAccessKey": "tA1sOua7QJi2lgkGHdYi' + 'xyIPAevnJ7N7E+PLbp3Q",',
    ],
    good: [
      'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/' + 'bPxRfiCYEXAMPLEKEY',
      // A Yandex Cloud static key secret: reported by yandex-static-access-key instead.
      "YANDEX_SECRET_ACCESS_KEY='YCsZHcyOQ5XxRk0k00iM1" + "i9CzxZLmgLYbUwZVP4K'",
      'aws_secret_access_key = ${AWS_SECRET_ACCESS_KEY}',
      'client_secret = "ndH+Zp1QsDcl1zj9VAPf' + '2/A562MY/mdSUd8/lNlP"',
      "response_type_name='GoogleCloudGkemulticloudV1AwsJsonWebKeys',",
      'aws_commit = "e8d8de00ede011e7d8ae' + '08b6878469fe8aaff3bb"',
    ],
  },
});
