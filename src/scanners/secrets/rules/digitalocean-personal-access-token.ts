import { defineRule } from '../rule.js';

/** DigitalOcean personal access tokens: dop_v1_ + 64 hex characters. */
export default defineRule({
  id: 'digitalocean-personal-access-token',
  title: 'DigitalOcean personal access token',
  severity: 'CRITICAL',
  confidence: 0.95,
  keywords: ['dop_v1_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>dop_v1_[a-f0-9]{64})(?![A-Za-z0-9_])/,
  minEntropy: 3,
  description:
    'A DigitalOcean personal access token is committed. With its scopes (often full read/write) it creates and destroys droplets, databases, Spaces keys, DNS records and Kubernetes clusters in the team, billed to its owner.',
  remediation:
    'Delete the token under API → Tokens in the DigitalOcean control panel, create a replacement with custom scopes and an expiry, and pass it through CI secrets or a secret manager. Remove it from git history.',
  references: ['https://docs.digitalocean.com/reference/api/create-personal-access-token/'],
  docs: {
    summary: 'DigitalOcean personal access tokens (dop_v1_…).',
    bad: ['DIGITALOCEAN_TOKEN=dop_v1_' + '4ac4a34b68a77047160b3deba6d740d69ec181e0f6ae548ccbe1ac07c674ace6', 'do_token = "dop_v1_' + 'a1584ec419e3aa390a7fdc6320b6156303f134b7c8b03d0933829843870bf7c7"'],
    good: ['DIGITALOCEAN_TOKEN=dop_v1_' + '5145f6cc9dd4b365c2ccf270696166d2947ce430942547568eaba8a89149291', 'DIGITALOCEAN_TOKEN=${{ secrets.DO_TOKEN }}'],
  },
});
