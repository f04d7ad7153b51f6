import type { Severity } from '../../../core/findings.js';
import { IMAGE_DIGEST } from '../contexts.js';
import { startOf, type Str } from '../parse.js';
import { ALL_KINDS, defineRule, OWASP, type Hit } from '../rule.js';
import { isPinned, parseActionRef } from '../steps.js';
import type { RuleHooks, UsesVisit } from '../visitor.js';

const detect: RuleHooks = {
  github: {
    // A Docker action's `runs.image`.
    file: ({ wf }) => (wf.image ? dockerHit(wf.image, 'runs.image') : undefined),
    uses,
  },
};

const FIRST_PARTY = new Set(['actions', 'github']);
const BRANCH_LIKE = /^(?:main|master|trunk|dev|develop|latest|head|nightly|stable|release)$/i;

function dockerHit(image: Str, key: string): Hit | undefined {
  const value = image.value.trim();
  if (!value.startsWith('docker://') || IMAGE_DIGEST.test(value)) return undefined;
  const name = value.slice('docker://'.length);
  return {
    severity: 'MEDIUM',
    confidence: 0.8,
    offset: startOf(image.node),
    description: `The container image \`${name}\` is referenced by tag, so whoever can push to that repository decides what runs here.`,
    remediation: `Pin the image by digest and keep the tag for readers: \`docker://${name.split('@')[0] ?? name}@sha256:<digest>\` (from \`docker buildx imagetools inspect ${name}\`).`,
    key,
  };
}

/** Titles of unpinned `uses:` findings (the fix-PR fixer selects on them). */
export const UNPINNED_ACTION_TITLES: readonly string[] = Object.freeze([
  'Third-party action not pinned to a commit',
  'GitHub-maintained action not pinned to a commit',
  'Third-party reusable workflow not pinned to a commit',
  'GitHub-maintained reusable workflow not pinned to a commit',
]);

function uses({ uses, job, step }: UsesVisit): Hit | undefined {
  const key = `${job.id}|${step?.index ?? 'job'}|${uses.value}`;
  if (uses.value.trim().startsWith('docker://')) return dockerHit(uses, key);
  const ref = parseActionRef(uses.value);
  if (!ref || isPinned(ref)) return undefined;
  const firstParty = FIRST_PARTY.has(ref.owner);
  const branch = BRANCH_LIKE.test(ref.ref);
  const severity: Severity = firstParty ? (branch ? 'LOW' : 'INFO') : 'MEDIUM';
  const kind = step ? 'action' : 'reusable workflow';
  const moving = branch ? `the branch \`${ref.ref}\`, which changes with every push` : `\`${ref.ref}\`, a tag its owner (or anyone who takes over the repository) can move`;
  return {
    severity,
    confidence: firstParty ? 0.6 : 0.9,
    offset: startOf(uses.node),
    title: firstParty ? `GitHub-maintained ${kind} not pinned to a commit` : `Third-party ${kind} not pinned to a commit`,
    description: `\`${ref.name}\` is referenced by ${moving}. The code it resolves to can change without any change to this file${firstParty ? '; GitHub-maintained actions are a smaller risk, but a SHA still makes runs reproducible' : ', and it runs with the job\'s token and secrets'}.`,
    remediation: `Pin to the full 40-character commit SHA and keep the version as a comment, for example \`uses: ${ref.name}@<full-commit-sha> # ${branch ? 'vX.Y.Z' : ref.ref}\` (the SHA from \`git ls-remote https://github.com/${ref.repo} ${branch ? 'refs/tags/vX.Y.Z' : ref.ref}\`). Let Dependabot or Renovate update the SHA and comment together.`,
    key,
  };
}

export const rule = defineRule({
  id: 'unpinned-action',
  title: 'Action not pinned to a commit SHA',
  severity: 'MEDIUM',
  severityGuide:
    'MEDIUM for third-party actions and reusable workflows referenced by tag or branch, and for `docker://` images without a digest; LOW for actions/* and github/* referenced by a branch; INFO for them referenced by a version tag.',
  confidence: 0.9,
  cwe: 'CWE-829',
  owasp: OWASP.supplyChain,
  description:
    'A `uses:` reference names a tag or branch instead of a full commit SHA. Tags and branches can be moved, so a compromised or hostile maintainer can change the code your workflow runs, as happened with tj-actions/changed-files in March 2025.',
  remediation: 'Pin every action to a full 40-character commit SHA with the version in a comment: `owner/repo@<full-sha> # vX.Y.Z`, and let Dependabot or Renovate keep it current.',
  appliesTo: ALL_KINDS,
  references: ['https://docs.github.com/en/actions/security-for-github-actions/security-guides/security-hardening-for-github-actions#using-third-party-actions'],
  docs: {
    summary:
      'Reports step and job `uses:` references (actions and reusable workflows) whose ref is not a 40-hex commit SHA, and `docker://` images (also an action\'s `runs.image`) without an `@sha256:` digest. Local actions (`./…`) are not reported.',
    bad: [`name: lint
on: push
permissions:
  contents: read
jobs:
  lint:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
        with:
          persist-credentials: false
      - uses: example-org/lint-action@v2
`],
    good: [`name: lint
on: push
permissions:
  contents: read
jobs:
  lint:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
        with:
          persist-credentials: false
      - uses: example-org/lint-action@3f2a9c41d07be58e6a1c4b9d2e7f80a5c6d1b3e9 # v2.3.1
`],
  },
  detect,
});
