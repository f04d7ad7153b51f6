import type { Severity } from '../../../core/findings.js';
import { findCompromised } from '../known-compromised.js';
import { startOf } from '../parse.js';
import { ALL_KINDS, defineRule, OWASP, type Hit } from '../rule.js';
import { parseActionRef } from '../steps.js';
import type { RuleHooks, UsesVisit } from '../visitor.js';

const detect: RuleHooks = { github: { uses } };

function uses({ uses, job, step }: UsesVisit): Hit | undefined {
  const ref = parseActionRef(uses.value);
  const entry = ref ? findCompromised(ref.repo) : undefined;
  if (!ref || !entry) return undefined;
  const sha = ref.ref.toLowerCase();
  let severity: Severity;
  let confidence: number;
  let how: string;
  if (entry.maliciousCommits.includes(sha)) {
    severity = 'CRITICAL';
    confidence = 1;
    how = `is pinned to ${sha}, the commit that held the malicious code`;
  } else if (entry.retargeted(ref.ref)) {
    severity = 'CRITICAL';
    confidence = 0.9;
    how = `uses \`${ref.ref}\`, one of the tags the attacker moved to the malicious commit`;
  } else if (entry.indirect) {
    severity = 'HIGH';
    confidence = 0.6;
    how = 'called a compromised action through a floating tag, so any ref of it ran the payload';
  } else return undefined;
  return {
    severity,
    confidence,
    offset: startOf(uses.node),
    title: `Known-compromised action ${ref.repo} (${entry.cve})`,
    description: `${ref.name}@${ref.ref} ${how} (${entry.advisory}, ${entry.cve}). During ${entry.window} it printed the runner's secrets into the workflow log; on a public repository anyone could read them.`,
    remediation: `${entry.advice} Check the logs of runs during ${entry.window}: if this workflow ran, rotate every secret the job could read (including tokens passed in \`with:\` and env) and delete the run logs. Sources: ${entry.sources.join(', ')}`,
    key: `${job.id}|${step?.index ?? 'job'}|${ref.name}@${ref.ref}`,
  };
}

export const rule = defineRule({
  id: 'known-compromised-action',
  title: 'Known-compromised action',
  severity: 'CRITICAL',
  severityGuide:
    'CRITICAL for the malicious commit itself or a tag the attacker retargeted to it (tj-actions/changed-files v1 to v45.0.7, reviewdog/action-setup v1); HIGH for reviewdog actions that pulled the compromised setup action in through its floating v1 tag.',
  confidence: 0.9,
  cwe: 'CWE-506',
  owasp: OWASP.supplyChain,
  description:
    'The workflow uses an action that served malicious code during a published supply-chain incident. In the March 2025 tj-actions/changed-files and reviewdog compromises, moved tags made every workflow using them print its secrets into the job log.',
  remediation:
    'Pin the action to a full commit SHA of a release published after the incident (or drop it), look for runs during the compromise window, and rotate every secret those runs could read.',
  appliesTo: ALL_KINDS,
  references: ['https://github.com/advisories/GHSA-mrrh-fwg8-r2c3', 'https://github.com/advisories/GHSA-qmg3-hpqr-gqvc'],
  docs: {
    summary:
      'Matches `uses:` references against a short list shipped with Vigil (`src/scanners/workflows/known-compromised.ts`): tj-actions/changed-files (CVE-2025-30066: tags v1 to v45.0.7 moved to a payload on 14–15 March 2025), reviewdog/action-setup (CVE-2025-30154: tag v1 moved on 11 March 2025) and the reviewdog actions that depended on it (action-shellcheck, action-composite-template, action-staticcheck, action-ast-grep, action-typos).',
    bad: [`name: changed
on: push
permissions:
  contents: read
jobs:
  files:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
        with:
          fetch-depth: 0
          persist-credentials: false
      - uses: tj-actions/changed-files@v44
`],
    good: [`name: changed
on: push
permissions:
  contents: read
jobs:
  files:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
        with:
          fetch-depth: 0
          persist-credentials: false
      - run: git diff --name-only "\${{ github.event.before }}" "\${{ github.sha }}"
`],
  },
  detect,
});
