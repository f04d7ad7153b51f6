import { defineRule, OWASP, WORKFLOW_ONLY, type Hit } from '../rule.js';
import { headCheckout, usesAction } from '../steps.js';
import type { FileVisit, GithubModel, RuleHooks } from '../visitor.js';

const detect: RuleHooks = { github: { file } };

/** Triggers that run the base repository's workflow, with its secrets and a token that can write, for events outsiders cause. */
const DANGEROUS: Readonly<Record<string, string>> = Object.freeze({
  pull_request_target: 'a pull request from any fork',
  workflow_run: 'the completion of another workflow, which a fork\'s pull request can start',
});

function file({ wf }: FileVisit<GithubModel>): Hit[] {
  const names = Object.keys(DANGEROUS).filter((t) => wf.triggers.has(t));
  if (names.length === 0) return [];
  const steps = wf.jobs.flatMap((j) => j.steps);
  // dangerous-checkout already reports the worst case, pull request code checked out here: one finding, not two.
  if (steps.some((s) => headCheckout(s) !== undefined)) return [];
  // actions/labeler reads the pull request's file list through the API and runs nothing from it.
  if (steps.length > 0 && wf.jobs.every((j) => !j.uses) && steps.every((s) => usesAction(s, 'actions/labeler'))) return [];
  return names.map((name) => ({
    severity: 'MEDIUM',
    confidence: 0.6,
    offset: wf.triggers.get(name)?.start ?? 0,
    description: `The workflow runs on \`${name}\`: ${DANGEROUS[name]} runs it in the base repository, with its secrets and a token that can write. Nothing here checks out the pull request's code, but anything the outsider controls that the jobs read (branch names, titles, artifacts, files fetched through the API) is a way in: injection, \`GITHUB_ENV\` writes, poisoned caches or artifacts.`,
    key: name,
  }));
}

export const rule = defineRule({
  id: 'dangerous-triggers',
  title: 'Workflow runs privileged on events outsiders cause',
  severity: 'MEDIUM',
  severityGuide:
    'MEDIUM for every `pull_request_target` and `workflow_run` trigger. Not reported when `dangerous-checkout` reports the same workflow (it checks out pull request code), or when every step only runs `actions/labeler`.',
  confidence: 0.6,
  cwe: 'CWE-829',
  owasp: OWASP.integrity,
  description:
    '`pull_request_target` and `workflow_run` run the default branch\'s workflow with the repository\'s secrets and a write token, in response to what a fork\'s author does. Such workflows are hard to write safely: any attacker-controlled value they handle (an expression, an artifact, a file, an environment variable) can turn into code execution with those privileges.',
  remediation:
    'Prefer `pull_request` (no secrets, read-only token for forks); replace `workflow_run` with a reusable workflow (`workflow_call`). If the trigger is needed, give the jobs the narrowest `permissions`, never run the pull request\'s code, treat every event field and artifact as untrusted data, restrict `pull_request_target` to the branches that need it, and guard it with `github.repository == \'<owner>/<repo>\'`.',
  appliesTo: WORKFLOW_ONLY,
  references: ['https://securitylab.github.com/resources/github-actions-preventing-pwn-requests/', 'https://securitylab.github.com/resources/github-actions-new-patterns-and-mitigations/'],
  docs: {
    summary:
      'Reports `pull_request_target` and `workflow_run` in a workflow\'s `on:`, at the trigger, unless `dangerous-checkout` already reports the workflow or its only steps are `actions/labeler`.',
    bad: [`name: triage
on: pull_request_target
permissions:
  pull-requests: write
jobs:
  comment:
    runs-on: ubuntu-latest
    steps:
      - run: gh pr comment "$PR" --body "Thanks! A maintainer will review this soon."
        env:
          PR: \${{ github.event.pull_request.number }}
          GH_TOKEN: \${{ github.token }}
`],
    good: [`name: triage
on: pull_request
permissions:
  contents: read
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - run: echo "Pull request \${{ github.event.pull_request.number }} opened"
`],
  },
  detect,
});
