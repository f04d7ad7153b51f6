import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Splunk HTTP Event Collector tokens (UUIDs) assigned to a Splunk setting. */
export default defineRule({
  id: 'splunk-hec-token',
  title: 'Splunk HEC token',
  severity: 'MEDIUM',
  confidence: 0.8,
  keywords: ['splunk'],
  multiline: true,
  pattern: assignedTo(String.raw`splunk`, String.raw`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`),
  minEntropy: 3,
  description: 'A Splunk HTTP Event Collector token is committed. It sends events into the indexes the token may write to, so anyone holding it can forge or flood log data.',
  remediation: 'Disable the token in Splunk (Settings → Data inputs → HTTP Event Collector), create a new one, and update the senders. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.splunk.com/Documentation/Splunk/latest/Data/UsetheHTTPEventCollector'],
  docs: {
    summary: 'Splunk HTTP Event Collector tokens (UUIDs) assigned to a Splunk setting.',
    bad: [
      'SPLUNK_HEC_TOKEN=d0f0f87f-fb2' + 'f-4744-a8dc-eed817fcf78a',
      'splunk_token: "7c333e51-be1' + 'b-47c5-a6b8-9fecfc36b6fa"',
      '  "splunkHecToken": "067bef4c-a84' + 'f-4614-a344-805a36344ffa",',
    ],
    good: [
      'SPLUNK_HEC_TOKEN=${SPLUNK_HEC_TOKEN}',
      'SPLUNK_HEC_TOKEN=d0f0f87f-fb2f-4744-a8',
      'OTHER_SERVICE_KEY=d0f0f87f-fb2' + 'f-4744-a8dc-eed817fcf78a',
    ],
  },
});
