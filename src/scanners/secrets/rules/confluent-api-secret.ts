import { assignedTo, notHexDigest } from '../assigned.js';
import { defineRule } from '../rule.js';

/** 64-character Confluent Cloud API secrets assigned to a Confluent setting. */
export default defineRule({
  id: 'confluent-api-secret',
  title: 'Confluent Cloud API secret',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['confluent'],
  multiline: true,
  pattern: assignedTo(String.raw`confluent`, String.raw`[A-Za-z0-9+/]{64}`),
  minEntropy: 4,
  validate: (secret) => notHexDigest(secret),
  description: 'A Confluent Cloud API secret is committed. With its key it produces to and consumes from the cluster’s Kafka topics, or manages the organisation for cloud keys.',
  remediation: 'Delete the API key in Confluent Cloud (API keys) and create a new one; update clients’ sasl.jaas.config. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.confluent.io/cloud/current/security/authenticate/workload-identities/service-accounts/api-keys/overview.html'],
  docs: {
    summary: '64-character Confluent Cloud API secrets assigned to a Confluent setting.',
    bad: [
      'CONFLUENT_CLOUD_API_SECRET=saVWBeWozve843Ff7WmTK' + 'm406s1NWY7m7mWGpomoVZWsntzmoTmvuQS6+Gh2p1AE',
      'confluent_api_secret: "wvOVa/gBWf4/bH/IQiAWU' + 'wAaghkINerAycA0TEKEIxpIWAbABVSCzmekMTebRi71"',
      '  "confluentCloudApiSecret": "9sTDNOpPK0/zaeauwS8Kh' + 'zpaU76a3My9Z4En/vQQQqQE1PKkVlAOpg8fSJn+TO/4",',
    ],
    good: [
      'CONFLUENT_CLOUD_API_SECRET=${CONFLUENT_CLOUD_API_SECRET}',
      'CONFLUENT_CLOUD_API_SECRET=saVWBeWozve843Ff7WmTKm406s1NWY7m7mWGpo',
      'OTHER_SERVICE_KEY=saVWBeWozve843Ff7WmTK' + 'm406s1NWY7m7mWGpomoVZWsntzmoTmvuQS6+Gh2p1AE',
    ],
  },
});
