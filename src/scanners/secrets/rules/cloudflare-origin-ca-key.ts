import { defineRule } from '../rule.js';

/** Cloudflare Origin CA keys: v1.0- + 24 hex + - + 146 hex. */
export default defineRule({
  id: 'cloudflare-origin-ca-key',
  title: 'Cloudflare Origin CA key',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['v1.0-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_.-])(?<secret>v1\.0-[a-f0-9]{24}-[a-f0-9]{146})(?![A-Za-z0-9_-])/,
  minEntropy: 3,
  description:
    'A Cloudflare Origin CA key is committed. It creates, lists and revokes Origin CA certificates for the user’s zones, letting its holder mint certificates that Cloudflare trusts for those origins.',
  remediation:
    'Change the Origin CA key under My Profile → API Tokens, review and revoke unexpected Origin CA certificates, and prefer API tokens with the SSL and Certificates permission. Store keys in a secret manager and remove the leaked one from git history.',
  references: ['https://developers.cloudflare.com/fundamentals/api/get-started/ca-keys/'],
  docs: {
    summary: 'Cloudflare Origin CA keys (v1.0-…).',
    bad: ['CF_ORIGIN_CA_KEY=v1.0-' + '76aa2378de49fc742c77c3a8-f0cadaa9dd5cd53075764b15a09cfd5371fdec0800e2a5d285a0ea03915f794de20bbdb5a38e9ad65e0c439bc7fdf7528d1fc95b0cb12fd32d52cfb118d0ad9449a7abb5728b87ebe5'],
    good: ['CF_ORIGIN_CA_KEY=v1.0-' + '387da898d78f638a04100b3f-1e08aeb3bd9b203ce0ec0ef58bf7afe27c029535', 'version: v1.0-beta'],
  },
});
