import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Amplitude secret keys assigned to an Amplitude secret setting. */
export default defineRule({
  id: 'amplitude-api-secret',
  title: 'Amplitude secret key',
  severity: 'MEDIUM',
  confidence: 0.8,
  keywords: ['amplitude'],
  multiline: true,
  pattern: assignedTo(String.raw`amplitude`, String.raw`[a-f0-9]{32}`, 'secret'),
  minEntropy: 3,
  description: 'A Amplitude secret key is committed. With the project’s API key it exports raw event data and changes user properties through the Amplitude APIs.',
  remediation: 'Rotate the secret key in Amplitude (Project settings → General). Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://amplitude.com/docs/apis/authentication'],
  docs: {
    summary: 'Amplitude secret keys assigned to an Amplitude secret setting.',
    bad: [
      'AMPLITUDE_SECRET_KEY=ff441b23f7' + '1252d448cc89b01bbdad10',
      'amplitude_api_secret: "7346ea9082' + 'c81cbaa97d6ce6d39fcd49"',
      '  "amplitudeSecretKey": "9c4e4e9492' + '53afee83fee3c76edebb44",',
    ],
    good: [
      'AMPLITUDE_SECRET_KEY=${AMPLITUDE_SECRET_KEY}',
      'AMPLITUDE_SECRET_KEY=ff441b23f71252d448c',
      'OTHER_SERVICE_KEY=ff441b23f7' + '1252d448cc89b01bbdad10',
    ],
  },
});
