import { advisoryHooks, affectedInWords } from '../action-advisories.js';
import { SEED_ADVISORIES, seedRecordsFor } from '../known-vulnerable.js';
import { ALL_KINDS, defineRule, OWASP } from '../rule.js';

/** The file scanner matches the built-in seed; scans with check_cves add the advisory database (advisory-check.ts). */
const detect = advisoryHooks(seedRecordsFor, { unknownVersions: false });

const seedList = SEED_ADVISORIES.map((r) => {
  const name = r.affected?.[0]?.package?.name ?? '';
  return `${name} ${affectedInWords(r, [name])} (${r.id})`;
}).join(', ');

export const rule = defineRule({
  id: 'known-vulnerable-action',
  title: 'Action version with a known vulnerability',
  severity: 'CRITICAL',
  severityGuide:
    'The advisory\'s own rating (GHSA\'s CRITICAL, HIGH, MODERATE → MEDIUM, LOW, or its CVSS vector). LOW, at low confidence, for a commit pin without a version comment on an action with advisories (check_cves scans only): its version cannot be told offline.',
  confidence: 0.9,
  cwe: 'CWE-1395',
  owasp: OWASP.supplyChain,
  description:
    'The workflow uses a release of an action that a published advisory says is vulnerable. The version is read from the tag, or from the `# vX.Y.Z` comment after a pinned commit; a floating tag (`v4`) counts as that line\'s newest release; a commit listed by the advisory matches itself.',
  remediation: 'Update the action to the fixed release named in the finding, pinned by commit SHA.',
  appliesTo: ALL_KINDS,
  references: SEED_ADVISORIES.map((r) => `https://github.com/advisories/${r.id}`),
  docs: {
    summary: `Reports \`uses:\` references inside the affected range of an advisory for GitHub Actions (OSV ecosystem \`GitHub Actions\`, as GHSA publishes them). Every scan checks the built-in seed (src/scanners/workflows/known-vulnerable.ts: ${seedList}); a scan with \`check_cves\` also checks the advisories imported with \`vigil osv import\` (OSV_MODE=offline, e.g. the \`GitHub Actions/all.zip\` export) or the OSV API (online). Tags are read as SemVer, a floating tag (\`v4\`) as its line's newest release and a branch as the newest release; a pinned commit matches when the advisory lists it, else by its \`# vX.Y.Z\` comment, and without one (check_cves only) it is reported at LOW as of unknown version.`,
    bad: [`name: changed
on: pull_request
permissions:
  contents: read
jobs:
  files:
    runs-on: ubuntu-latest
    steps:
      - uses: tj-actions/changed-files@0874344d6ebbaa00a27da73276ae7162fadcaf69 # v40.2.2
        id: changed
      - env:
          FILES: \${{ steps.changed.outputs.all_changed_files }}
        run: echo "$FILES"
`],
    good: [`name: changed
on: pull_request
permissions:
  contents: read
jobs:
  files:
    runs-on: ubuntu-latest
    steps:
      - uses: tj-actions/changed-files@ed68ef82c095e0d48ec87eccea555d944a631a4c # v46.0.5
        id: changed
      - env:
          FILES: \${{ steps.changed.outputs.all_changed_files }}
        run: echo "$FILES"
`],
  },
  detect,
});
