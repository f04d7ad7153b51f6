import { defineRule } from '../rule.js';

/** MaxMind license keys in the newer format (…_mmk). */
export default defineRule({
  id: 'maxmind-license-key',
  title: 'MaxMind license key',
  severity: 'MEDIUM',
  confidence: 0.95,
  keywords: ['_mmk'],
  pattern: /(?<![A-Za-z0-9_-])(?<secret>[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk)(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  description: 'A MaxMind license key is committed. It downloads GeoIP databases and calls the GeoIP web services on the account, using its paid query credits.',
  remediation: 'Deactivate the key in the MaxMind account portal (Manage license keys), generate a new one and update geoipupdate configuration. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://dev.maxmind.com/geoip/updating-databases'],
  docs: {
    summary: 'MaxMind license keys in the newer format (…_mmk).',
    bad: [
      'MAXMIND_LICENSE_KEY=3okHpt_RQt7BY' + 'ilohEnC1TH36HrVfXqoXv4M_mmk',
      'geoipupdate_license_key: "vNRIdP_hK68N0' + 'Mx0TNoooSH352dqhAJDO6l0_mmk"',
      'const token = \'KIaFfy_iuzFEE' + 'MYJp9eXoxDZGioAy6BgXD8E_mmk\';',
    ],
    good: [
      'MAXMIND_LICENSE_KEY=${MAXMIND_LICENSE_KEY}',
      'MAXMIND_LICENSE_KEY=3okHpt_RQt7BYilohEnC1TH3',
    ],
  },
});
