import { assignedTo, lettersAndDigits } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Vultr API keys assigned to a Vultr setting. */
export default defineRule({
  id: 'vultr-api-key',
  title: 'Vultr API key',
  severity: 'CRITICAL',
  confidence: 0.85,
  keywords: ['vultr'],
  multiline: true,
  pattern: assignedTo(String.raw`vultr`, String.raw`[A-Z0-9]{36}`),
  minEntropy: 3.5,
  validate: (secret) => lettersAndDigits(secret),
  description: 'A Vultr API key is committed. It manages every instance, network, DNS zone and billing detail of the Vultr account.',
  remediation: 'Regenerate the key in the Vultr customer portal (Account → API) and restrict it to known IP addresses. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.vultr.com/platform/other/api/'],
  docs: {
    summary: 'Vultr API keys assigned to a Vultr setting.',
    bad: [
      'VULTR_API_KEY=J9N9N33LXIQV' + 'JPNNOUXTAH1FWT0H9YTJG6P2',
      'vultr_api_key: "W3L2MWMTWJYT' + '7BYAAQ4JQ2QK3H4KTZG0T6XI"',
      '  "vultrApiKey": "59M5CKNOJTUI' + '17U2L4A7NL6VQUJ7A8XFZ7ZF",',
    ],
    good: [
      'VULTR_API_KEY=${VULTR_API_KEY}',
      'VULTR_API_KEY=J9N9N33LXIQVJPNNOUXTA',
      'OTHER_SERVICE_KEY=J9N9N33LXIQV' + 'JPNNOUXTAH1FWT0H9YTJG6P2',
    ],
  },
});
