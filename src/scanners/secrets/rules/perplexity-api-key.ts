import { defineRule } from '../rule.js';

/** Perplexity API keys: pplx- + 48 alphanumerics. */
export default defineRule({
  id: 'perplexity-api-key',
  title: 'Perplexity API key',
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['pplx-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>pplx-[A-Za-z0-9]{48})(?![A-Za-z0-9_-])/,
  minEntropy: 4,
  description: 'A Perplexity API key is committed. It calls the Perplexity API on the owner’s account, billed to their credits.',
  remediation:
    'Revoke the key in Perplexity’s API settings, generate a new one and load it from PERPLEXITY_API_KEY or a secret store. Remove it from git history.',
  references: ['https://docs.perplexity.ai/guides/getting-started'],
  docs: {
    summary: 'Perplexity API keys (pplx-).',
    bad: ['PERPLEXITY_API_KEY=pplx-' + 'RyP5MpKtZt2xJaeMcCDCd66wQmNGesn3722PlcKrLgy0lr7Q'],
    good: ['PERPLEXITY_API_KEY=pplx-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'PERPLEXITY_API_KEY=pplx-' + 'RyP5MpKtZt2xJaeMcCDC'],
  },
});
