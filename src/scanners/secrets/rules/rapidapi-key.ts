import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** 50-character RapidAPI keys assigned to a RapidAPI setting or X-RapidAPI-Key header. */
export default defineRule({
  id: 'rapidapi-key',
  title: 'RapidAPI key',
  severity: 'MEDIUM',
  confidence: 0.85,
  keywords: ['rapidapi'],
  multiline: true,
  pattern: assignedTo(String.raw`rapidapi`, String.raw`[A-Za-z0-9_-]{50}`),
  minEntropy: 3.5,
  description: 'A RapidAPI application key is committed. It calls every API the application is subscribed to on RapidAPI, billed to the account.',
  remediation: 'Rotate the application key in RapidAPI (Apps → Authorization) and update callers. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.rapidapi.com/docs/keys-and-key-rotation'],
  docs: {
    summary: '50-character RapidAPI keys assigned to a RapidAPI setting or X-RapidAPI-Key header.',
    bad: [
      'RAPIDAPI_KEY=lII36xJxmZmsh1ew' + '6LouoPT61pGAJoHFpbwPCujsncrEWz1JUb',
      'x_rapidapi_key: "QVRxw2OK95mshf2q' + 'EKK9RyUf8y98fU9kIhxpndjsnlcZh9XdRI"',
      '  "rapidapiKey": "q41x7nrUrlmshYhW' + '8HFNkQ7iNjCR8iobXV7wQCjsnM0tFQxSqy",',
    ],
    good: [
      'RAPIDAPI_KEY=${RAPIDAPI_KEY}',
      'RAPIDAPI_KEY=lII36xJxmZmsh1ew6LouoPT61pGAJo',
      'OTHER_SERVICE_KEY=lII36xJxmZmsh1ew' + '6LouoPT61pGAJoHFpbwPCujsncrEWz1JUb',
    ],
  },
});
