import { defineRule } from '../rule.js';

/** JFrog Artifactory API keys (deprecated but still honoured by many instances): AKCp + 69 alphanumerics. */
export default defineRule({
  id: 'artifactory-api-key',
  title: 'Artifactory API key',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['akcp'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>AKCp[A-Za-z0-9]{69})(?![A-Za-z0-9_])/,
  minEntropy: 4,
  description:
    'A JFrog Artifactory API key is committed. It authenticates as its owner to the Artifactory REST API and package endpoints: downloading private artifacts and, with the owner’s permissions, deploying or deleting them.',
  remediation:
    'Revoke the API key in the Artifactory user profile, move to scoped access tokens (API keys are deprecated), and keep the new credential in a secret store or CI secret. Remove it from git history.',
  references: ['https://jfrog.com/help/r/jfrog-platform-administration-documentation/api-key'],
  docs: {
    summary: 'JFrog Artifactory API keys (AKCp…).',
    bad: ['artifactory_api_key=AKCp8' + 'kQ7xTz2Vb9Lw4Rn8Hc3Jd6Fs1Gm5Pa0Ye7Ku2Xq9Wb4Nz6Tr3Lh8Vs1Dc5Fj0Mg7Ko2P', '-H "X-JFrog-Art-Api: AKCp8' + 'Zn4Vq9Wk2Lx7Tb3Hm8Rc1Jf6Dp5Gs0Ya9Ew2Ku7Xt4Qb1Nz8Tr5Lh3Vs6Dc0Fj9Mg2Ko"'],
    good: ['artifactory_api_key=AKCp...', 'ARTIFACTORY_API_KEY=${ARTIFACTORY_API_KEY}'],
  },
});
