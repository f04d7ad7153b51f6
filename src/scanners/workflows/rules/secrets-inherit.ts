import { startOf } from '../parse.js';
import { defineRule, OWASP, WORKFLOW_ONLY, type Hit } from '../rule.js';
import { isPinned, parseActionRef } from '../steps.js';
import type { GithubModel, ReusableVisit, RuleHooks } from '../visitor.js';

const detect: RuleHooks = { github: { reusable } };

function reusable({ ref: job }: ReusableVisit<GithubModel>): Hit | undefined {
  if (job.secrets?.value.trim().toLowerCase() !== 'inherit') return undefined;
  const target = job.uses.value.trim();
  const remote = parseActionRef(target);
  const local = target.startsWith('./');
  const severity = local ? 'LOW' : remote && !isPinned(remote) ? 'HIGH' : 'MEDIUM';
  const whose = local
    ? 'a workflow of this repository'
    : remote && !isPinned(remote)
      ? `\`${remote.name}\`, another repository's workflow referenced by the movable ref \`${remote.ref}\``
      : `\`${remote?.name ?? target}\`, another repository's workflow`;
  return {
    severity,
    confidence: local ? 0.7 : 0.85,
    offset: startOf(job.secrets.node),
    description: `Job \`${job.id}\` passes every secret of this repository (and its organization and environment secrets) to ${whose}, although it probably needs one or two.`,
    key: job.id,
  };
}

export const rule = defineRule({
  id: 'secrets-inherit',
  title: 'All secrets passed to a reusable workflow',
  severity: 'HIGH',
  severityGuide:
    'HIGH for a reusable workflow in another repository referenced by tag or branch; MEDIUM for one pinned to a commit; LOW for a workflow of the same repository.',
  confidence: 0.8,
  cwe: 'CWE-668',
  owasp: OWASP.accessControl,
  description:
    '`secrets: inherit` hands the called workflow every secret the caller can see. A flaw in, or a change to, the called workflow exposes all of them, not just the ones it needs.',
  remediation: 'List the secrets the called workflow needs: `secrets: { NPM_TOKEN: ${{ secrets.NPM_TOKEN }} }`, and declare them under `on.workflow_call.secrets` in the called workflow. Pin remote workflows to a commit SHA.',
  appliesTo: WORKFLOW_ONLY,
  references: ['https://docs.github.com/en/actions/sharing-automations/reusing-workflows#passing-inputs-and-secrets-to-a-reusable-workflow'],
  docs: {
    summary: 'Reports jobs that call a reusable workflow with `secrets: inherit`, at higher severity when the workflow lives in another repository and is not pinned to a commit.',
    bad: [`name: release
on:
  push:
    tags: ['v*']
permissions:
  contents: read
jobs:
  publish:
    uses: example-org/shared-workflows/.github/workflows/publish.yml@main
    secrets: inherit
`],
    good: [`name: release
on:
  push:
    tags: ['v*']
permissions:
  contents: read
jobs:
  publish:
    uses: example-org/shared-workflows/.github/workflows/publish.yml@3f2a9c41d07be58e6a1c4b9d2e7f80a5c6d1b3e9 # v1.4.0
    secrets:
      NPM_TOKEN: \${{ secrets.NPM_TOKEN }}
`],
  },
  detect,
});
