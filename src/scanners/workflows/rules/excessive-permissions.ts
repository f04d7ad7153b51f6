import { privilegedTriggers } from '../contexts.js';
import type { GithubFile, Permissions } from '../model.js';
import { defineRule, OWASP, WORKFLOW_ONLY, type Hit } from '../rule.js';
import type { RuleHooks } from '../visitor.js';

const detect: RuleHooks = {
  github: {
    file: ({ wf }) => [check(wf, wf.permissions, 'The workflow', 'workflow'), missing(wf)].filter((h): h is Hit => h !== undefined),
    job: ({ wf, job }) => check(wf, job.permissions, `Job \`${job.id}\``, `job|${job.id}`),
  },
};

function writeScopes(p: Permissions): string[] {
  return [...p.scopes].filter(([, level]) => level.trim().toLowerCase() === 'write').map(([scope]) => scope);
}

/** Selected on by the fix-PR fixer. */
export const MISSING_PERMISSIONS_TITLE = 'No permissions set for the workflow token';

/** The workflow's outsider-started events, and the words that say so in a finding. */
function exposure(wf: GithubFile): { privileged: string[]; untrusted: string } {
  const privileged = privilegedTriggers(wf);
  return { privileged, untrusted: privileged.length > 0 ? ` on ${privileged.join(', ')}, events outsiders can start` : '' };
}

/** A `permissions:` block that grants too much, if this one does. */
function check(wf: GithubFile, p: Permissions | undefined, where: string, key: string): Hit | undefined {
  if (!p) return undefined;
  const { privileged, untrusted } = exposure(wf);
  if (p.shorthand?.trim().toLowerCase() === 'write-all') {
    return {
      severity: privileged.length > 0 ? 'HIGH' : 'MEDIUM',
      confidence: 0.9,
      offset: p.start,
      description: `${where} grants \`write-all\`${untrusted}: the token can push code, create releases, change issues and packages, and more.`,
      key,
    };
  }
  const writes = writeScopes(p);
  if (privileged.length === 0 || !((writes.includes('contents') && writes.length >= 2) || writes.length >= 3)) return undefined;
  return {
    severity: 'HIGH',
    confidence: 0.75,
    offset: p.start,
    description: `${where} grants write access to ${writes.join(', ')}${untrusted}. A single injection or bad checkout in this workflow gets all of them.`,
    key,
  };
}

/** No `permissions` at workflow level and jobs without their own: one hit, at the first such job. */
function missing(wf: GithubFile): Hit | undefined {
  const bare = wf.permissions ? [] : wf.jobs.filter((j) => !j.permissions);
  const first = bare[0];
  if (!first) return undefined;
  const { privileged, untrusted } = exposure(wf);
  return {
    severity: privileged.length > 0 ? 'MEDIUM' : 'LOW',
    confidence: 0.6,
    offset: first.start,
    title: MISSING_PERMISSIONS_TITLE,
    description: `Neither the workflow nor job${bare.length > 1 ? 's' : ''} ${bare.map((j) => `\`${j.id}\``).join(', ')} set \`permissions\`, so the token gets the repository's default, which is read-write on repositories and organizations created before February 2023 unless changed${untrusted}.`,
    remediation: 'Add `permissions: contents: read` (or `permissions: {}`) at the top of the workflow and grant each job only the scopes it needs.',
    key: 'missing',
  };
}

export const rule = defineRule({
  id: 'excessive-permissions',
  title: 'Workflow token with broad write permissions',
  severity: 'HIGH',
  severityGuide:
    'HIGH for `write-all`, or `contents: write` plus other write scopes (or three write scopes), in workflows outsiders trigger (issues, issue_comment, pull_request_target, discussion, workflow_run); MEDIUM for `write-all` elsewhere and for missing `permissions` in those workflows; LOW for missing `permissions` elsewhere.',
  confidence: 0.8,
  cwe: 'CWE-250',
  owasp: OWASP.accessControl,
  description:
    'The GITHUB_TOKEN of this workflow can write more than the jobs need. Any flaw in the workflow (an injection, a compromised action, a checked-out pull request) inherits those rights.',
  remediation:
    'Set `permissions: contents: read` at the workflow level and add only the write scopes each job needs at job level (for example `pull-requests: write` for a labeler). Avoid `write-all`.',
  appliesTo: WORKFLOW_ONLY,
  references: ['https://docs.github.com/en/actions/writing-workflows/choosing-what-your-workflow-does/controlling-permissions-for-github_token'],
  docs: {
    summary:
      'Reports workflows with no `permissions` at workflow level and jobs without their own (the token then falls back to the repository default), `write-all` anywhere, and broad write grants in workflows that outsiders can trigger with secrets in reach.',
    bad: [`name: welcome
on: issue_comment
permissions: write-all
jobs:
  reply:
    runs-on: ubuntu-latest
    steps:
      - run: echo "thanks"
`],
    good: [`name: welcome
on: issue_comment
permissions:
  contents: read
jobs:
  reply:
    runs-on: ubuntu-latest
    permissions:
      issues: write
    steps:
      - run: echo "thanks"
`],
  },
  detect,
});
