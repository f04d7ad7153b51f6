import { defineRule } from '../rule.js';

/** nuget.org API keys: "oy2" + 43 lower-case letters and digits (46 characters). */
export default defineRule({
  id: 'nuget-api-key',
  title: 'NuGet API key',
  severity: 'CRITICAL',
  confidence: 0.8,
  keywords: ['oy2'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_/+=-])(?<secret>oy2[a-z0-9]{43})(?![A-Za-z0-9_/+=-])/,
  minEntropy: 3.8,
  // Random lower-case alphanumerics: letters and digits both occur.
  validate: (secret) => /[0-9].{0,45}[0-9]/.test(secret.slice(3)) && /[a-z]/.test(secret.slice(3)),
  description:
    'A nuget.org API key is committed. Within its scopes and glob pattern it pushes new versions of, or unlists, its owner’s packages, a direct supply-chain compromise.',
  remediation:
    'Regenerate or delete the key on nuget.org (API Keys), create one limited to the packages and scope needed (push new versions only), and keep it in a CI secret. Remove it from git history.',
  references: ['https://learn.microsoft.com/en-us/nuget/nuget-org/scoped-api-keys'],
  docs: {
    summary: 'nuget.org API keys (oy2 + 43 lower-case alphanumerics).',
    bad: ['dotnet nuget push *.nupkg --api-key oy2' + 'k7m3qz9xw2vt5ph8nj4rb6dc1fg0lsy3eu7ia2oc9tw', '<add key="ApiKey" value="oy2' + 'f4xq8wn2tz6vk9mb3hc7rj1pd5ls0ey8gu4ak2ni6ow" />'],
    good: ['dotnet nuget push *.nupkg --api-key $NUGET_API_KEY', 'oy2' + 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
  },
});
