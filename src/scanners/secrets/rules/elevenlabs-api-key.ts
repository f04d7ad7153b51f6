import { defineRule } from '../rule.js';

/** ElevenLabs API keys (sk_ + 48 hex) on a line that names ElevenLabs or the xi-api-key header. */
export default defineRule({
  id: 'elevenlabs-api-key',
  title: 'ElevenLabs API key',
  severity: 'MEDIUM',
  confidence: 0.85,
  keywords: ['sk_'],
  context: ['eleven'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>sk_[a-f0-9]{48})(?![A-Za-z0-9_-])/,
  minEntropy: 3,
  // sk_ + hex is not unique to one vendor: the line must name ElevenLabs or its header.
  validate: (_secret, { line }) => /eleven|xi[-_]api[-_]key/i.test(line),
  description: 'A ElevenLabs API key is committed. It generates speech and clones voices billed to the account, and reads its voices and history.',
  remediation: 'Delete the key in ElevenLabs (Developers → API keys) and create a new one with a usage limit. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://elevenlabs.io/docs/api-reference/authentication'],
  docs: {
    summary: 'ElevenLabs API keys (sk_ + 48 hex) on a line that names ElevenLabs or the xi-api-key header.',
    bad: [
      'ELEVENLABS_API_KEY=sk_d0f7716a64d732' + 'ae14003c7cdecea46d25eed87445fcb2e7',
      'eleven_api_key: "sk_fda4d202153631' + 'fb25f49d1760f48bdf56f4d24f7fe3e67b"',
      'headers = { \'xi-api-key\': \'sk_dac20da8349ca3' + '6f90cc0e3217e1e989c2aa1d5945d8888c\' }',
    ],
    good: [
      'ELEVENLABS_API_KEY=${ELEVENLABS_API_KEY}',
      'ELEVENLABS_API_KEY=sk_d0f7716a64d732ae14003c7cdec',
    ],
  },
});
