import { offsetInScalar } from '../parse.js';
import { defineRule, OWASP, WORKFLOW_ONLY, type Hit } from '../rule.js';
import { conditions, headCheckout, runsWorkspaceCode, stepsAfter } from '../steps.js';
import type { GithubModel, RuleHooks, StepVisit } from '../visitor.js';

const detect: RuleHooks = { github: { step } };

/** Events whose workflows run with the base repository's secrets yet can be pointed at a pull request's code. */
export const CHECKOUT_SENSITIVE_EVENTS: readonly string[] = ['pull_request_target', 'workflow_run', 'issue_comment'];

/** `if:` conditions that suggest a maintainer gate (a label, an author check). */
const GATE = /labels|author_association|github\.actor\s*==|github\.triggering_actor\s*==/;

function step({ wf, job, step }: StepVisit<GithubModel>): Hit | undefined {
  const events = CHECKOUT_SENSITIVE_EVENTS.filter((e) => wf.triggers.has(e));
  const head = events.length > 0 ? headCheckout(step) : undefined;
  if (!head) return undefined;
  const later = (step.run ? [step, ...stepsAfter(job, step)] : stepsAfter(job, step)).find(runsWorkspaceCode);
  const gated = GATE.test(conditions(job, step));
  const severity = later ? (gated ? 'HIGH' : 'CRITICAL') : 'MEDIUM';
  const then = later
    ? `and step ${later.index + 1} then runs code from that checkout`
    : 'and no later step of the job visibly runs it, but tools and actions that read workspace files may';
  return {
    severity,
    confidence: later ? (gated ? 0.7 : 0.9) : 0.6,
    offset: offsetInScalar(wf.file, head.value, head.index, head.needle),
    description: `Job \`${job.id}\` runs on ${events.join(', ')} with the base repository's secrets and token, checks out the pull request's own code in step ${step.index + 1}, ${then}. Whoever opens the pull request controls that code (build scripts, package.json hooks, Makefiles, local actions).${gated ? ' The job has a condition that looks like a maintainer gate; it only helps if it is checked on every run.' : ''}`,
    key: `${job.id}|${step.index}`,
  };
}

export const rule = defineRule({
  id: 'dangerous-checkout',
  title: 'Pull request code checked out in a privileged workflow',
  severity: 'CRITICAL',
  severityGuide:
    'CRITICAL when a later step (a script, a local `./` action or a build action) runs the checked-out code; HIGH when the job or step has a label/author condition that may gate it; MEDIUM when nothing later visibly executes it.',
  confidence: 0.9,
  cwe: 'CWE-829',
  owasp: OWASP.integrity,
  description:
    'A pull_request_target, workflow_run or issue_comment workflow checks out the pull request head and then runs it. These events run in the base repository with its secrets and a token that can write, so the pull request author gets both ("pwn request").',
  remediation:
    'Build and test untrusted code in a `pull_request` workflow, which has no secrets and a read-only token; if results must be posted back, upload them as an artifact and let a separate `workflow_run` job read the artifact as data without executing it. If a privileged job truly needs the head code, never run it: only read files, with `persist-credentials: false` and the narrowest `permissions`.',
  appliesTo: WORKFLOW_ONLY,
  references: ['https://securitylab.github.com/resources/github-actions-preventing-pwn-requests/'],
  docs: {
    summary:
      'Reports `actions/checkout` steps whose `ref` or `repository` names pull request code (`github.event.pull_request.head.sha`/`ref`, `merge_commit_sha`, `github.head_ref`, `refs/pull/…`, `workflow_run.head_sha`/`head_branch`), and `git fetch/checkout` or `gh pr checkout` commands doing the same, in workflows triggered by pull_request_target, workflow_run or issue_comment.',
    bad: [`name: preview
on: pull_request_target
permissions:
  contents: read
  pull-requests: write
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
        with:
          ref: \${{ github.event.pull_request.head.sha }}
          persist-credentials: false
      - run: npm ci && npm run build
`],
    good: [`name: preview
on: pull_request
permissions:
  contents: read
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
        with:
          persist-credentials: false
      - run: npm ci && npm run build
`],
  },
  detect,
});
