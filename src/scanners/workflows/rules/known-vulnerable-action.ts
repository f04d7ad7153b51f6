import { KNOWN_VULNERABLE, affected } from '../known-vulnerable.js';
import type { WorkflowFile } from '../model.js';
import { startOf } from '../parse.js';
import { ALL_KINDS, defineRule, OWASP, type Hit } from '../rule.js';
import { actionVersion, parseActionRef } from '../steps.js';
import { allUses } from './known-compromised-action.js';

const version = (v: readonly number[]) => `v${v.join('.')}`;

function detect(wf: WorkflowFile): Hit[] {
  const hits: Hit[] = [];
  for (const { uses, job, step } of allUses(wf)) {
    const ref = parseActionRef(uses.value);
    if (!ref) continue;
    const v = actionVersion(wf, uses);
    if (!v) continue;
    for (const entry of KNOWN_VULNERABLE) {
      if (entry.action !== ref.repo || !affected(entry, v)) continue;
      hits.push({
        severity: entry.severity,
        confidence: 0.9,
        offset: startOf(uses.node),
        description: `\`${ref.name}\` at ${v.filter((p) => p !== undefined).join('.')} is affected by ${entry.advisory} (${entry.cve}): ${entry.summary}. Fixed in ${version(entry.fixed)}.`,
        remediation: `Update ${entry.action} to ${version(entry.fixed)} or later, pinned to that release's commit SHA with the version as a comment.`,
        key: `${job.id}|${step?.index ?? 'job'}|${entry.advisory}`,
      });
    }
  }
  return hits;
}

export const rule = defineRule({
  id: 'known-vulnerable-action',
  title: 'Action version with a known vulnerability',
  severity: 'CRITICAL',
  severityGuide: 'The advisory\'s own rating: CRITICAL for code execution through the action itself, HIGH for the others listed.',
  confidence: 0.9,
  cwe: 'CWE-1395',
  owasp: OWASP.supplyChain,
  description:
    'The workflow uses a release of an action that a published advisory says is vulnerable. The version is read from the tag, or from the `# vX.Y.Z` comment after a pinned commit; a floating major tag (`v4`) counts as that line\'s newest release.',
  remediation: 'Update the action to the fixed release named in the finding, pinned by commit SHA.',
  appliesTo: ALL_KINDS,
  references: KNOWN_VULNERABLE.map((e) => `https://github.com/advisories/${e.advisory}`),
  docs: {
    summary: `Reports \`uses:\` references to versions inside the affected range of an offline advisory list (src/scanners/workflows/known-vulnerable.ts): ${KNOWN_VULNERABLE.map((e) => `${e.action} before ${version(e.fixed)} (${e.advisory})`).join(', ')}.`,
    vulnerable: `name: changed
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
`,
    safe: `name: changed
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
`,
  },
  detect,
});
