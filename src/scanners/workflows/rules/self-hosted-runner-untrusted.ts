import { FORK_EVENTS } from '../contexts.js';
import { startOf } from '../parse.js';
import { defineRule, OWASP, WORKFLOW_ONLY, type Hit } from '../rule.js';
import type { GithubModel, JobVisit, RuleHooks } from '../visitor.js';

const detect: RuleHooks = { github: { job } };

const BASE_CONTEXT_EVENTS = ['pull_request_target', 'issue_comment'];

function job({ wf, job }: JobVisit<GithubModel>): Hit | undefined {
  const fork = [...FORK_EVENTS].filter((e) => wf.triggers.has(e));
  const base = BASE_CONTEXT_EVENTS.filter((e) => wf.triggers.has(e));
  const label = job.runsOn.find((l) => l.value.trim().toLowerCase() === 'self-hosted');
  if ((fork.length === 0 && base.length === 0) || !label) return undefined;
  return {
    severity: fork.length > 0 ? 'HIGH' : 'MEDIUM',
    confidence: fork.length > 0 ? 0.8 : 0.65,
    offset: startOf(label.node),
    description:
      fork.length > 0
        ? `Job \`${job.id}\` runs on a self-hosted runner for ${fork.join(', ')}: on a public repository, code from a fork's pull request runs on your machine, can persist there and can reach your network.`
        : `Job \`${job.id}\` runs on a self-hosted runner for ${base.join(', ')}, events any GitHub user can start; one injection or checkout of pull request code gives them your machine.`,
    key: job.id,
  };
}

export const rule = defineRule({
  id: 'self-hosted-runner-untrusted',
  title: 'Self-hosted runner used for untrusted pull requests or comments',
  severity: 'HIGH',
  severityGuide:
    'HIGH when the workflow runs on pull_request, pull_request_review or pull_request_review_comment (fork code runs on the runner); MEDIUM for pull_request_target and issue_comment (trusted code by default, but started by anyone).',
  confidence: 0.75,
  cwe: 'CWE-668',
  owasp: OWASP.misconfiguration,
  description:
    'Self-hosted runners are not wiped between jobs and often sit inside a private network. Letting pull requests from forks or comments from anyone start jobs on them lets an outsider run code there and leave it behind for the next, privileged job.',
  remediation:
    'Use GitHub-hosted (or ephemeral, single-use) runners for jobs outsiders can start. On public repositories require approval for all outside contributors\' workflow runs, and keep self-hosted runners for push and release workflows.',
  appliesTo: WORKFLOW_ONLY,
  references: ['https://docs.github.com/en/actions/security-for-github-actions/security-guides/security-hardening-for-github-actions#hardening-for-self-hosted-runners'],
  docs: {
    summary:
      'Reports jobs whose `runs-on` includes the `self-hosted` label (as a string, in a list, under `labels:`, or through a matrix value) in workflows triggered by pull_request, pull_request_review(_comment), pull_request_target or issue_comment.',
    bad: [`name: test
on: pull_request
permissions:
  contents: read
jobs:
  test:
    runs-on: [self-hosted, linux, gpu]
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
        with:
          persist-credentials: false
      - run: make test
`],
    good: [`name: test
on: pull_request
permissions:
  contents: read
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
        with:
          persist-credentials: false
      - run: make test
`],
  },
  detect,
});
