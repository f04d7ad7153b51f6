import { allCharacterClasses } from '../assigned.js';
import { defineRule } from '../rule.js';

/**
 * Segment source write keys: 32 alphanumerics, assigned to a Segment-named
 * write-key variable. Browser sources ship the key to every visitor, so this
 * is reported at low severity; server-side keys deserve rotation.
 */
export default defineRule({
  id: 'segment-write-key',
  title: 'Segment write key',
  severity: 'LOW',
  confidence: 0.6,
  keywords: ['writekey', 'write_key', 'write-key', 'write.key'],
  pattern:
    /(?<![A-Za-z0-9])segment[A-Za-z0-9_.-]{0,20}write[_.-]?key["'\]]?\s{0,4}(?::=|=>|=|:)\s{0,4}["'`]?(?<secret>[A-Za-z0-9]{32})(?![A-Za-z0-9_-])/i,
  minEntropy: 3.8,
  validate: (secret) => allCharacterClasses(secret),
  description:
    'A Segment source write key is committed. It sends events into the source, so whoever has it can inject fake analytics or customer data that flows on to every connected destination.',
  remediation:
    'If the source is server-side, regenerate its write key in Segment (the source’s Settings → API Keys) and keep it in a secret store; for browser sources, filter unexpected events with a tracking plan. Remove server-side keys from git history.',
  references: ['https://segment.com/docs/connections/find-writekey/'],
  docs: {
    summary: 'Segment source write keys assigned to a Segment-named write-key variable.',
    bad: ['SEGMENT_WRITE_KEY=' + 'xsMPLAMKBeQTfxfHkb1UNjqIvHpPODY7'],
    good: ['SEGMENT_WRITE_KEY=your_write_key', 'SEGMENT_WORKSPACE=' + 'xsMPLAMKBeQTfxfHkb1UNjqIvHpPODY7'],
  },
});
