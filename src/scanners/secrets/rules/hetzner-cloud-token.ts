import { assignedTo, notHexDigest } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Hetzner Cloud API tokens assigned to an hcloud or Hetzner setting. */
export default defineRule({
  id: 'hetzner-cloud-token',
  title: 'Hetzner Cloud API token',
  severity: 'CRITICAL',
  confidence: 0.85,
  keywords: ['hcloud', 'hetzner'],
  multiline: true,
  pattern: assignedTo(String.raw`hcloud|hetzner`, String.raw`[A-Za-z0-9]{64}`),
  minEntropy: 4,
  validate: (secret) => notHexDigest(secret),
  description: 'A Hetzner Cloud API token is committed. It manages the project’s servers, volumes, networks and firewalls; a read-write token can delete them all.',
  remediation: 'Delete the token in the Hetzner Cloud console (Security → API tokens) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.hetzner.cloud/reference/cloud#authentication'],
  docs: {
    summary: 'Hetzner Cloud API tokens assigned to an hcloud or Hetzner setting.',
    bad: [
      'HCLOUD_TOKEN=JktEI9idYQgHXmsUNFspQ' + 'xEpLvW9Dgi7rptYGC57EdLbduuPlM62GubYZuxOqxuu',
      'hetzner_api_token: "Uy5WpfPrzX0n0JOINCpYT' + 'QpDC68agAjXE0ccrzgV1pEIAowwtXeot65eeX2nwIn4"',
      '  "hcloudToken": "9mja93FRzymtIVLbhgcAV' + 'epwAHvVUf7TZngef2zUo7TsSKlIVdQrL3AWtBs6IkLd",',
    ],
    good: [
      'HCLOUD_TOKEN=${HCLOUD_TOKEN}',
      'HCLOUD_TOKEN=JktEI9idYQgHXmsUNFspQxEpLvW9Dgi7rptYGC',
      'OTHER_SERVICE_KEY=JktEI9idYQgHXmsUNFspQ' + 'xEpLvW9Dgi7rptYGC57EdLbduuPlM62GubYZuxOqxuu',
    ],
  },
});
