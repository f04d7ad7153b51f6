import { defineRule } from '../rule.js';

/** Segment Public API tokens: sgp_ + 64 alphanumerics. */
export default defineRule({
  id: 'segment-public-api-token',
  title: 'Segment Public API token',
  severity: 'HIGH',
  confidence: 0.92,
  keywords: ['sgp_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>sgp_[A-Za-z0-9]{64})(?![A-Za-z0-9_-])/,
  minEntropy: 4,
  description:
    'A Segment Public API token is committed. Despite the name it is a secret: with its workspace role it manages sources, destinations, tracking plans and users, and can redirect collected customer data.',
  remediation:
    'Revoke the token in Segment (Settings → Workspace settings → Access management → Tokens), create one with the least role needed and keep it in a secret store. Remove it from git history.',
  references: ['https://docs.segmentapis.com/tag/Getting-Started#section/Get-an-API-token'],
  docs: {
    summary: 'Segment Public API tokens (sgp_).',
    bad: ['SEGMENT_API_TOKEN=sgp_' + '86J1ZT8eEFE6yZh3CGGWWtnqX56uF4yqFlWORlvxNlcSzUfRuwuzUTbTxzl57htW'],
    good: ['SEGMENT_API_TOKEN=sgp_your_token', 'SEGMENT_API_TOKEN=sgp_' + '86J1ZT8eEFE6yZh3CGGWWtnqX56uF4'],
  },
});
