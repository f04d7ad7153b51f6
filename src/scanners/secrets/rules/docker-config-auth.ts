import { defineRule } from '../rule.js';

/**
 * Registry credentials in Docker client configuration (~/.docker/config.json,
 * legacy .dockercfg, and config.json files with an "auths" map): "auth" is
 * base64 of user:password; identity and registry tokens are OAuth tokens.
 */
export default defineRule({
  id: 'docker-config-auth',
  title: 'Docker registry credential',
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['"auth"', '"identitytoken"', '"registrytoken"'],
  pathPattern: /(?:^|\/)(?:\.dockercfg|config\.json|\.dockerconfigjson)$/,
  pattern: /"(?<key>auth|identitytoken|registrytoken)"\s{0,4}:\s{0,4}"(?<secret>[A-Za-z0-9+/=._-]{8,4096})"/,
  validate: (secret, { groups, path, text }) => {
    if (!/(?:^|\/)(?:\.docker\/config\.json|\.dockercfg|\.dockerconfigjson)$/.test(path) && !text.includes('"auths"')) return false;
    if (groups.key !== 'auth') return secret.length >= 16;
    const decoded = Buffer.from(secret, 'base64').toString('utf8');
    const match = /^([\x21-\x7e]{1,256}):([\x20-\x7e]{4,2048})$/.exec(decoded);
    return match !== null && match[1] !== match[2];
  },
  cwe: 'CWE-522',
  description:
    'A Docker client configuration with a registry credential is committed. The base64 "auth" value is just user:password (or a token): it pulls private images and usually pushes images to the registry, a direct supply-chain risk.',
  remediation:
    'Revoke the token or change the password at the registry, use a credential helper (credsStore / credHelpers) or docker login in CI with a secret, and remove the file from the repository and git history.',
  references: ['https://docs.docker.com/reference/cli/docker/login/#credential-stores'],
  docs: {
    summary: 'auth (base64 user:password), identitytoken and registrytoken values in Docker config.json / .dockercfg files.',
    path: '.docker/config.json',
    bad: ['{"auths": {"registry.corp-net.io": {"auth": "' + 'ZGVwbG95OlhrN3BRMm1WdzlMejRS"}}}', '{\n  "auths": {\n    "ghcr.io": {\n      "auth": "' + 'Y2ktYm90OlJ0NW5XOXFaMnhLdg=="\n    }\n  }\n}'],
    good: ['{"auths": {"registry.corp-net.io": {}}, "credsStore": "desktop"}', '{"auths": {"registry.corp-net.io": {"auth": "bm90LWEtY3Jl' + 'ZGVudGlhbA=="}}}'],
  },
});
