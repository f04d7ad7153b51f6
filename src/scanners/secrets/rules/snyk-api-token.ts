import { ownOrSection, SHAPES } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Snyk API tokens are UUIDs: recognised by SNYK_TOKEN, `snyk auth …` or `snyk config set api=…`. */
export default defineRule({
  id: 'snyk-api-token',
  title: 'Snyk API token',
  severity: 'HIGH',
  confidence: 0.75,
  keywords: ['snyk'],
  // Also under a `snyk:` YAML key or `[snyk]` section (multi-line for that).
  multiline: true,
  pattern: ownOrSection(
    String.raw`(?<![A-Za-z0-9])snyk(?:[\w.-]{0,30}?(?:token|api[_-]?key|auth|api|key|secret)["']?\s{0,4}(?:[:=]|=>)\s{0,4}|\s{1,4}auth\s{1,4}|\s{1,4}config\s{1,4}set\s{1,4}api\s{0,2}=\s{0,2})["']?`,
    'snyk',
    'token|key|auth',
    SHAPES.uuid,
    '(?![0-9A-Za-z-])',
  ),
  description:
    'A Snyk API token is committed. It acts as its owner (or service account) on the Snyk API: reading vulnerability reports of every project in the organisations it can access, importing projects and changing settings and ignores.',
  remediation:
    'Revoke the token in Snyk (Account settings → Auth Token, or the service account page), create a new one, and pass it as SNYK_TOKEN from a CI secret. Remove it from git history.',
  references: ['https://docs.snyk.io/snyk-api/authentication-for-api'],
  docs: {
    summary: 'Snyk API tokens (UUIDs) assigned to SNYK_TOKEN or passed to `snyk auth`.',
    bad: ['SNYK_TOKEN=6d2a9f4e-1c7b-' + '4a3e-9f8d-2b5c7e1a4d9f', 'snyk:\n  token: 3b8e1f6a-7c2d-' + '4a9e-8f1b-5d6c2a7e9b4f', 'SNYK_KEY=1f8c3a6e-9d2b-' + '4e7f-a0c5-8b3d6f1e9a4c', 'snyk auth 9e4b1d7a-3f6c-' + '4e2b-a8d5-7c1f9b3e6a2d', "snyk_api_key: '2c7f5a1e-8d3b-" + "4f9a-b6e2-4a9d1c7f3e8b'"],
    good: ['SNYK_TOKEN: ${{ secrets.SNYK_TOKEN }}', 'snyk:\n  org_id: 6d2a9f4e-1c7b-4a3e-9f8d-2b5c7e1a4d9f', 'snyk auth $SNYK_TOKEN', 'snyk_org_id = 6d2a9f4e-1c7b-4a3e-9f8d-2b5c7e1a4d9f'],
  },
});
