import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** New York Times developer API keys assigned to an NYTimes setting. */
export default defineRule({
  id: 'nytimes-api-key',
  title: 'New York Times API key',
  severity: 'LOW',
  confidence: 0.8,
  keywords: ['nytimes', 'newyorktimes', 'new_york_times', 'new-york-times'],
  multiline: true,
  pattern: assignedTo(String.raw`nytimes|new[_-]?york[_-]?times`, String.raw`[A-Za-z0-9]{32}`),
  minEntropy: 3.5,
  description: 'A New York Times API key is committed. It calls the New York Times developer APIs on the app’s quota.',
  remediation: 'Regenerate the key on developer.nytimes.com (Apps). Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://developer.nytimes.com/get-started'],
  docs: {
    summary: 'New York Times developer API keys assigned to an NYTimes setting.',
    bad: [
      'NYTIMES_API_KEY=LDk5MDcd86' + 'WjVz3ytEDs79bEctzskpSg',
      'nyt_nytimes_key: "5pL0Mx4irb' + 'pkb4yKFCPDESMjmnOw1tx1"',
      '  "nytimesApiKey": "7fp4PuPeQz' + 'feeTqe6jgKQh67W5WlQufK",',
    ],
    good: [
      'NYTIMES_API_KEY=${NYTIMES_API_KEY}',
      'NYTIMES_API_KEY=LDk5MDcd86WjVz3ytED',
      'OTHER_SERVICE_KEY=LDk5MDcd86' + 'WjVz3ytEDs79bEctzskpSg',
    ],
  },
});
