import { redactText } from '../../../core/findings.js';
import { lineAt, startOf } from '../parse.js';
import { defineRule, OWASP, WORKFLOW_ONLY, type Hit } from '../rule.js';
import type { GithubModel, JobVisit, RuleHooks } from '../visitor.js';

const detect: RuleHooks = { github: { job } };

/**
 * A `credentials.password` written as text. Any expression (`${{ secrets.X }}`, `${{ github.token }}`)
 * is left alone: the value then comes from the runner, not from the file.
 */
function job({ wf, job }: JobVisit<GithubModel>): Hit[] {
  const hits: Hit[] = [];
  for (const c of job.containers) {
    const password = c.password;
    const value = password?.value.trim();
    if (!password || !value || value.includes('${{')) continue;
    const what = c.where === 'container' ? `the container of job \`${job.id}\`` : `service \`${c.where.slice('services.'.length)}\` of job \`${job.id}\``;
    const registry = c.image?.value.trim().split('/')[0];
    hits.push({
      severity: 'HIGH',
      confidence: 0.9,
      offset: startOf(password.node),
      description: `The registry password for ${what} is written in the workflow file, so everyone who can read the repository (and its history, forks and clones) can log in to ${registry && registry.includes('.') ? `\`${registry}\`` : 'that registry'} with it.`,
      // Masked here and, through `secret`, by the pipeline in every text of every finding of the file.
      evidence: redactText(lineAt(wf.file, startOf(password.node)), [value]),
      secret: value,
      key: `${job.id}|${c.where}`,
    });
  }
  return hits;
}

export const rule = defineRule({
  id: 'hardcoded-container-credentials',
  title: 'Container registry password in the workflow',
  severity: 'HIGH',
  severityGuide: 'HIGH for every literal `credentials.password` of a job container or service; values given by an expression (`${{ secrets.X }}`) are not reported.',
  confidence: 0.9,
  cwe: 'CWE-798',
  owasp: OWASP.authentication,
  description:
    'A job `container` or a `services` entry logs in to its registry with a password written in the workflow. The file is readable by everyone who can read the repository, stays in its history after the password is removed, and the runner does not mask a value it was not told is secret.',
  remediation:
    'Revoke the password, store a new one (preferably a read-only token) as an encrypted secret and reference it: `password: ${{ secrets.REGISTRY_TOKEN }}`; for GitHub Container Registry use `${{ github.token }}` with `packages: read`.',
  appliesTo: WORKFLOW_ONLY,
  references: ['https://docs.github.com/en/actions/writing-workflows/workflow-syntax-for-github-actions#jobsjob_idcontainercredentials'],
  docs: {
    summary:
      'Reports `jobs.<id>.container.credentials.password` and `jobs.<id>.services.<id>.credentials.password` written as a literal rather than an expression. The finding carries the password as its secret, so reports show it redacted.',
    bad: [`name: integration
on: push
permissions:
  contents: read
jobs:
  test:
    runs-on: ubuntu-latest
    container:
      image: registry.example.com/team/build-env:3.2.0@sha256:4c7a9e2b1d3f5a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a4c
      credentials:
        username: ci-bot
        password: example-pull-password
    steps:
      - run: make test
`],
    good: [`name: integration
on: push
permissions:
  contents: read
jobs:
  test:
    runs-on: ubuntu-latest
    container:
      image: registry.example.com/team/build-env:3.2.0@sha256:4c7a9e2b1d3f5a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a4c
      credentials:
        username: ci-bot
        password: \${{ secrets.REGISTRY_TOKEN }}
    steps:
      - run: make test
`],
  },
  detect,
});
