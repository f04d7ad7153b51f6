import { defineRule } from '../rule.js';

/** "lob" as a word or name part (LOB_API_KEY, lobApiKey, new Lob(…)), not inside "global" or "blob". */
const LOB_CONTEXT = /(?:^|[^A-Za-z])(?:lob|Lob|LOB)(?![a-z])/;

/** Lob live secret API keys: live_ + 35 hex characters, on a line that mentions Lob. */
export default defineRule({
  id: 'lob-api-key',
  title: 'Lob API key',
  severity: 'HIGH',
  confidence: 0.75,
  keywords: ['live_'],
  context: ['lob'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>live_[a-f0-9]{35})(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  validate: (_secret, { line }) => LOB_CONTEXT.test(line),
  description:
    'A Lob live secret API key is committed. It sends physical mail and checks billed to the account and reads the address book and mail pieces, which hold personal data.',
  remediation:
    'Rotate the live key in the Lob dashboard (Settings → API Keys), deploy the new one from a secret store and review recent mailings. Remove it from git history.',
  references: ['https://docs.lob.com/#section/Authentication'],
  docs: {
    summary: 'Lob live secret API keys (live_ + 35 hex) on a line that mentions Lob.',
    bad: ['LOB_API_KEY=live_' + '8bdbc53e5d99a7369f816c39fe9ce78f0b2', "const lob = new Lob('live_" + "8bdbc53e5d99a7369f816c39fe9ce78f0b2');"],
    good: [
      'LOB_PUBLISHABLE_KEY=live_pub_' + '8bdbc53e5d99a7369f816c39fe9ce78',
      'GLOBAL_KEY=live_' + '8bdbc53e5d99a7369f816c39fe9ce78f0b2',
      'LOB_API_KEY=test_' + '8bdbc53e5d99a7369f816c39fe9ce78f0b2',
    ],
  },
});
