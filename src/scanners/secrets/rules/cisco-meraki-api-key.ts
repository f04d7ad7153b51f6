import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Cisco Meraki Dashboard API keys assigned to a Meraki setting. */
export default defineRule({
  id: 'cisco-meraki-api-key',
  title: 'Cisco Meraki API key',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['meraki'],
  multiline: true,
  pattern: assignedTo(String.raw`meraki`, String.raw`[a-f0-9]{40}`),
  minEntropy: 3,
  description: 'A Cisco Meraki Dashboard API key is committed. It manages the organisations its user administers: network devices, firewall rules, VPN and wireless settings.',
  remediation: 'Revoke the key in the Meraki dashboard (My profile → API access) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://developer.cisco.com/meraki/api-v1/authorization/'],
  docs: {
    summary: 'Cisco Meraki Dashboard API keys assigned to a Meraki setting.',
    bad: [
      'MERAKI_DASHBOARD_API_KEY=9fdcc66e8ad96' + '5e9b6b58eaa6eb9d0f2fc5b415c',
      'meraki_api_key: "6b6256774d287' + 'fc89ba9d24e823d3cd48efc680f"',
      '  "merakiDashboardApiKey": "4bd84bc130471' + '89d71114104b0235771625d7b45",',
    ],
    good: [
      'MERAKI_DASHBOARD_API_KEY=${MERAKI_DASHBOARD_API_KEY}',
      'MERAKI_DASHBOARD_API_KEY=9fdcc66e8ad965e9b6b58eaa',
      'OTHER_SERVICE_KEY=9fdcc66e8ad96' + '5e9b6b58eaa6eb9d0f2fc5b415c',
    ],
  },
});
