import { defineRule } from '../rule.js';

/** Harness personal (pat.…) and service account (sat.…) tokens. */
export default defineRule({
  id: 'harness-api-key',
  title: 'Harness API key',
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['pat.', 'sat.'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_.-])(?<secret>(?:pat|sat)\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20})(?![A-Za-z0-9_.-])/,
  minEntropy: 3.5,
  description: 'A Harness personal or service account token is committed. It calls the Harness API as its user or service account: running and editing pipelines, reading secrets references and changing connectors.',
  remediation: 'Delete the token (My profile → API keys, or the service account’s API keys) in Harness and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://developer.harness.io/docs/platform/automation/api/add-and-manage-api-keys/'],
  docs: {
    summary: 'Harness personal (pat.…) and service account (sat.…) tokens.',
    bad: [
      'HARNESS_API_KEY=pat.L0CXPojhxXmBupomupBC' + 'rO.Z3otdNDjQaA8zrAX15d2YzFI.u5hRnLmSBT9kNmkmxMfn',
      'harness_platform_api_key: "pat.8la1ZaC7g0pM6tzLv8U_' + 'D1.uAZ3jp5K9S5CrSWuclB1jQYQ.969xakpgpldyKCIuO5WT"',
      'const token = \'pat.tasE_GW_KRrGmglZ307a' + 'wM.8X60LhQf2VhxlGWg4h6zZg7I.NSbD2y89MSDd0AmUgxbO\';',
    ],
    good: [
      'HARNESS_API_KEY=${HARNESS_API_KEY}',
      'HARNESS_API_KEY=pat.L0CXPojhxXmBupomupBCrO.Z3otdNDjQaA8zrAX',
    ],
  },
});
