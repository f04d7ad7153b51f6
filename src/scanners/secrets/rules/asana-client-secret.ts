import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Asana OAuth client secrets assigned to an Asana secret setting. */
export default defineRule({
  id: 'asana-client-secret',
  title: 'Asana client secret',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['asana'],
  multiline: true,
  pattern: assignedTo(String.raw`asana`, String.raw`[A-Za-z0-9]{32}`, 'secret'),
  minEntropy: 3.5,
  description: 'A Asana OAuth client secret is committed. With the client id it exchanges authorization codes for access tokens of every user who installed the app.',
  remediation: 'Reset the client secret in the Asana developer console (My apps → OAuth) and update the app’s configuration. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://developers.asana.com/docs/oauth'],
  docs: {
    summary: 'Asana OAuth client secrets assigned to an Asana secret setting.',
    bad: [
      'ASANA_CLIENT_SECRET=q0k3ppd79w' + 'sg5j363utqmbfv2k2w7sqi',
      'asana_oauth_secret: "lak6pylerb' + '1xra60kbsxwa70398n3l3t"',
      '  "asanaClientSecret": "59qd8bixb5' + 'ax07uyk0vjtua9y7jclwu6",',
    ],
    good: [
      'ASANA_CLIENT_SECRET=${ASANA_CLIENT_SECRET}',
      'ASANA_CLIENT_SECRET=q0k3ppd79wsg5j363ut',
      'OTHER_SERVICE_KEY=q0k3ppd79w' + 'sg5j363utqmbfv2k2w7sqi',
    ],
  },
});
