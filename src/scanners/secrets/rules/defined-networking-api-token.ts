import { defineRule } from '../rule.js';

/** Defined Networking (managed Nebula) API tokens (dnkey-…). */
export default defineRule({
  id: 'defined-networking-api-token',
  title: 'Defined Networking API token',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['dnkey-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>dnkey-[A-Za-z0-9=_-]{26}-[A-Za-z0-9=_-]{52})(?![A-Za-z0-9=_-])/,
  minEntropy: 3.5,
  description: 'A Defined Networking API token is committed. It manages the Nebula overlay network through the Defined Networking API: hosts, enrollment codes, roles and firewall rules.',
  remediation: 'Delete the API key in the Defined Networking admin panel (Settings → API keys) and create a new one with the scopes needed. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.defined.net/api/defined-networking-api/'],
  docs: {
    summary: 'Defined Networking (managed Nebula) API tokens (dnkey-…).',
    bad: [
      'DN_API_KEY=dnkey-OWSFBB1VXSW1TP0LNYT83M' + '5O67-1JENGUSHFW6MYJI4WXD87Z2PYLA3F7CH18S4JBGW2KL7I8T3V5NB',
      'defined_api_token: "dnkey-XV1MHB00MAITVLH4U10UJI' + 'QF3B-Y3J8KA6QV4L9M1FW0J2GLGOGFGISNV7JQI2FSECMNS3LWNBCWE1D"',
      'const token = \'dnkey-EE8K81WHG993K80Z296PZK' + 'QKKQ-J59EC9NP7GP5FFLO68LFR3EWQ8X2LTC3QFQ85PE1NBACCO41V7P4\';',
    ],
    good: [
      'DN_API_KEY=${DN_API_KEY}',
      'DN_API_KEY=dnkey-OWSFBB1VXSW1TP0LNYT83M5O67-1JENGUSHFW6MYJI4WX',
    ],
  },
});
