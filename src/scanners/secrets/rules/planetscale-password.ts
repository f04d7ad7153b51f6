import { defineRule } from '../rule.js';

/** PlanetScale database passwords: pscale_pw_ + URL-safe characters. */
export default defineRule({
  id: 'planetscale-password',
  title: 'PlanetScale database password',
  severity: 'CRITICAL',
  confidence: 0.95,
  keywords: ['pscale_pw_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>pscale_pw_[A-Za-z0-9_-]{32,64})(?![A-Za-z0-9_-])/,
  minEntropy: 3.8,
  description:
    'A PlanetScale database password is committed. With the branch host and username it connects to the database branch with the role it was created with, often read/write on production data.',
  remediation:
    'Delete the password under the database’s Settings → Passwords (or pscale password delete), create a new one with the least role needed, and keep connection strings in a secret manager. Remove it from git history.',
  references: ['https://planetscale.com/docs/concepts/connection-strings'],
  docs: {
    summary: 'PlanetScale database branch passwords (pscale_pw_…), alone or inside connection strings.',
    bad: ['DATABASE_URL=mysql://k3v9r2x8:pscale_pw_' + 'ujXWNVs4npA-t4jmpQVST0rghOQ_CcKYRcNqoX_kbg3@aws.connect.psdb.cloud/shop?sslaccept=strict'],
    good: ['DATABASE_PASSWORD=pscale_pw_' + 'GkCWHvkY9BS2kXlD', 'DATABASE_PASSWORD=pscale_pw_<password>'],
  },
});
