import { defineRule } from '../rule.js';

/** Registry credentials in Yarn Berry's .yarnrc.yml: npmAuthToken and npmAuthIdent (user:password, plain or base64). */
export default defineRule({
  id: 'yarnrc-auth-token',
  title: 'npm registry credential in .yarnrc.yml',
  severity: 'CRITICAL',
  confidence: 0.85,
  keywords: ['npmauthtoken', 'npmauthident'],
  pathPattern: /(?:^|\/)\.yarnrc\.ya?ml$/,
  pattern: /(?<![A-Za-z0-9])(?<key>npmAuthToken|npmAuthIdent)["']?\s{0,4}:\s{0,4}["']?(?<secret>[^\s"'#]{6,2048})/,
  validate: (secret, { groups }) => {
    if (secret.includes('${')) return false;
    if (groups.key === 'npmAuthIdent') {
      const ident = secret.includes(':') ? secret : Buffer.from(secret, 'base64').toString('utf8');
      return /^[\x21-\x7e]{1,256}:[\x20-\x7e]{4,512}$/.test(ident);
    }
    return secret.length >= 16;
  },
  cwe: 'CWE-522',
  description:
    'A .yarnrc.yml file holds an npm registry credential (npmAuthToken, or npmAuthIdent user:password). It installs private packages and, for most tokens, publishes to every package its owner maintains on that registry.',
  remediation:
    'Revoke the token at the registry, reference it from an environment variable instead (npmAuthToken: "${NPM_TOKEN}") set from a CI secret, and remove the committed value from git history.',
  references: ['https://yarnpkg.com/configuration/yarnrc#npmAuthToken'],
  docs: {
    summary: 'npmAuthToken and npmAuthIdent values in committed .yarnrc.yml files.',
    path: '.yarnrc.yml',
    bad: ['npmScopes:\n  corp:\n    npmAuthToken: ' + 'Hq7Lm2Vb9Kp4Wn8Rt3Yh6Jd1Fs5Gc0Xz', 'npmAuthIdent: "deploy:' + 'Xk7pQ2mVw9Lz4R"'],
    good: ['npmAuthToken: "${NPM_TOKEN}"', 'npmAuthToken: "${NPM_TOKEN:-}"', 'npmRegistryServer: "https://npm.corp-net.io"'],
  },
});
