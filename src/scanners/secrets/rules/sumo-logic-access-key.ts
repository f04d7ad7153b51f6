import { assignedTo, notHexDigest } from '../assigned.js';
import { defineRule } from '../rule.js';

/** 64-character Sumo Logic access keys assigned to a Sumo setting. */
export default defineRule({
  id: 'sumo-logic-access-key',
  title: 'Sumo Logic access key',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['sumo'],
  multiline: true,
  pattern: assignedTo(String.raw`(?<![a-z])sumo`, String.raw`[A-Za-z0-9]{64}`),
  minEntropy: 4,
  validate: (secret) => notHexDigest(secret),
  description: 'A Sumo Logic access key is committed. With its access id it calls the Sumo Logic API as its user: searching every log the user may read and changing collectors and monitors.',
  remediation: 'Delete the access key in Sumo Logic (Preferences → Access keys) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://help.sumologic.com/docs/manage/security/access-keys/'],
  docs: {
    summary: '64-character Sumo Logic access keys assigned to a Sumo setting.',
    bad: [
      'SUMO_ACCESS_KEY=bijIlMtM3uZyLROSN6ImE' + 'NMxwuwdCkMqkfVt9cZKoxQ7433uJDzg8lA8ZdNmRntJ',
      'sumologic_access_key: "uC0tTMx675pHMqBI6cwi1' + 'sRArSatV0sBTEQwVS50UGlYJMpPuh51mwPq135boERa"',
      '  "sumoAccessKey": "AWL8g8cR4PjV6Gzrr6dgJ' + '3Uj5SpJLVjLviWRTaRKyFqACpps7mmd7o5wCFwcTxxb",',
    ],
    good: [
      'SUMO_ACCESS_KEY=${SUMO_ACCESS_KEY}',
      'SUMO_ACCESS_KEY=bijIlMtM3uZyLROSN6ImENMxwuwdCkMqkfVt9c',
      'OTHER_SERVICE_KEY=bijIlMtM3uZyLROSN6ImE' + 'NMxwuwdCkMqkfVt9cZKoxQ7433uJDzg8lA8ZdNmRntJ',
    ],
  },
});
