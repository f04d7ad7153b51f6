import { mixedCase } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Adafruit IO keys (aio_…). */
export default defineRule({
  id: 'adafruit-io-key',
  title: 'Adafruit IO key',
  severity: 'MEDIUM',
  confidence: 0.9,
  keywords: ['aio_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>aio_[A-Za-z0-9]{28})(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  validate: (secret) => mixedCase(secret),
  description: 'A Adafruit IO key is committed. It reads and writes every feed and dashboard of the Adafruit IO account, including the data that controls connected devices.',
  remediation: 'Regenerate the key in Adafruit IO (My Key → Regenerate key); the old key stops working at once. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://io.adafruit.com/api/docs/#authentication'],
  docs: {
    summary: 'Adafruit IO keys (aio_…).',
    bad: [
      'ADAFRUIT_IO_KEY=aio_v6Gilu' + 'dReZQQ3JMXgXc8x4Kx4e6O',
      'aio_key: "aio_jpJ0Um' + 'UbBnEiiWnTMbRMa30oFHCW"',
      'const token = \'aio_KXVyBB' + 'oOpr47OmRdXXerNE6kJrqp\';',
    ],
    good: [
      'ADAFRUIT_IO_KEY=${ADAFRUIT_IO_KEY}',
      'ADAFRUIT_IO_KEY=aio_v6GiludReZQQ3JM',
    ],
  },
});
