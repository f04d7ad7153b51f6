import { defineRule } from '../rule.js';

/** Groq API keys: gsk_ + 52 alphanumerics. */
export default defineRule({
  id: 'groq-api-key',
  title: 'Groq API key',
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['gsk_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>gsk_[A-Za-z0-9]{52})(?![A-Za-z0-9_-])/,
  minEntropy: 4,
  description:
    'A Groq API key is committed. It runs inference on Groq’s platform on the owner’s account, billed to them and counted against their rate limits.',
  remediation:
    'Delete the key in the GroqCloud console (API Keys), create a new one and load it from GROQ_API_KEY or a secret store. Remove it from git history.',
  references: ['https://console.groq.com/docs/quickstart'],
  docs: {
    summary: 'Groq API keys (gsk_).',
    bad: ['GROQ_API_KEY=gsk_' + 'I3TewXFypUHIoo0v8gvROGnTwSKfKhjFrzdNPaVWjD9lUYDqp0BA'],
    good: ['GROQ_API_KEY=gsk_your_api_key_here', 'GROQ_API_KEY=gsk_' + 'I3TewXFypUHIoo0v8gvROGnT'],
  },
});
