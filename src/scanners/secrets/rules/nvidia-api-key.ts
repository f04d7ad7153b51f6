import { defineRule } from '../rule.js';

/** NVIDIA NGC and API catalog keys (nvapi-…). */
export default defineRule({
  id: 'nvidia-api-key',
  title: 'NVIDIA API key',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['nvapi-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>nvapi-[A-Za-z0-9_-]{64})(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  description: 'A NVIDIA NGC / API catalog key is committed. It pulls private NGC containers and models and calls NVIDIA-hosted inference endpoints on the organisation’s account.',
  remediation: 'Revoke the key in NGC (Setup → API keys) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.nvidia.com/ngc/gpu-cloud/ngc-user-guide/index.html#generating-api-key'],
  docs: {
    summary: 'NVIDIA NGC and API catalog keys (nvapi-…).',
    bad: [
      'NVIDIA_API_KEY=nvapi-3K2AJoCXLowUZqpZN' + 'Gv1413IbXISZhRywk9v4h9bBOoVfqGuZMR01I1-i2gg6BAQ',
      'ngc_api_key: "nvapi-iIhoZ1W2iLic5rFNI' + 'U4DSnZ0cGTkur-OYbuZYEALn6PvufwcYuByiPHSlIB94E8N"',
      'const token = \'nvapi-v1_J9FoQC97zgabAt' + 'cxTq781_hiCCcmr7GjW248GNp2Ea1rRJJq4Xevta0Mi8cKX\';',
    ],
    good: [
      'NVIDIA_API_KEY=${NVIDIA_API_KEY}',
      'NVIDIA_API_KEY=nvapi-3K2AJoCXLowUZqpZNGv1413IbXISZhRywk9v',
    ],
  },
});
