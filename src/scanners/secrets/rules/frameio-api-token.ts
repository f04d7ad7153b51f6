import { defineRule } from '../rule.js';

/** Frame.io developer tokens (fio-u-…). */
export default defineRule({
  id: 'frameio-api-token',
  title: 'Frame.io API token',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['fio-u-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>fio-u-[A-Za-z0-9_=-]{64})(?![A-Za-z0-9_=-])/,
  minEntropy: 3.5,
  description: 'A Frame.io developer token is committed. It acts as its user on the Frame.io API: reading, uploading and deleting media and comments in every team and project the user can see.',
  remediation: 'Delete the token in the Frame.io developer site (Tokens) and create a new one with narrower scopes. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://developer.frame.io/docs/getting-started/authentication'],
  docs: {
    summary: 'Frame.io developer tokens (fio-u-…).',
    bad: [
      'FRAMEIO_TOKEN=fio-u-vHaOKqxINd-Nb056Y' + 'TbS34Z1YJRghdW68vZaeSlbkHk7WsZ9ab0HQ8YmQktiJyCX',
      'frame_io_api_token: "fio-u-RbcIFs7k6s-lSQouY' + 'NX71uZby_lleVY8-6vJ0fkZ_mAgvj4AlC2yM9JGTjCPtLs4"',
      'const token = \'fio-u-D3a02jCj4xjItglPk' + 'APl3eqSBnT-_WTGSRgsVmZnhq9AM8ZE4dS02Lw4ReTxVsIf\';',
    ],
    good: [
      'FRAMEIO_TOKEN=${FRAMEIO_TOKEN}',
      'FRAMEIO_TOKEN=fio-u-vHaOKqxINd-Nb056YTbS34Z1YJRghdW68vZa',
    ],
  },
});
