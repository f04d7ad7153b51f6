import type { Severity } from '../../../core/findings.js';
import { IMAGE_DIGEST } from '../contexts.js';
import { startOf, type Str } from '../parse.js';
import { WORKFLOW_ONLY, defineRule, OWASP, type Hit } from '../rule.js';
import type { GithubModel, JobVisit, RuleHooks } from '../visitor.js';
import { parseImage } from './gitlab-unpinned-image.js';

/** `uses: docker://…` steps and Docker actions' `runs.image` are unpinned-action's: it reports them already. */
const detect: RuleHooks = { github: { job } };

/**
 * One image reference. Digests are pinned; values built by other expressions (`${{ inputs.image }}`)
 * are not guessed at: only `${{ matrix.<key> }}` is expanded, by the model, to the values written in the matrix.
 */
function check(image: Str, where: string, key: string): Hit | undefined {
  const value = image.value.trim();
  if (!value || value.includes('${{') || IMAGE_DIGEST.test(value)) return undefined;
  const ref = parseImage(value);
  const moving = !ref.tag || ref.tag.toLowerCase() === 'latest';
  const severity: Severity = moving ? 'MEDIUM' : 'LOW';
  const what = ref.tag ? `the tag \`${ref.tag}\`` : 'no tag, which means `latest`';
  const version = moving ? '<version>' : ref.tag;
  return {
    severity,
    confidence: moving ? 0.85 : 0.7,
    offset: startOf(image.node),
    title: moving ? 'Container image without a tag or with `latest`' : 'Container image pinned by a tag, not a digest',
    description: `${where} runs \`${value}\` with ${what}. ${
      moving
        ? 'That is whatever was pushed last, so each run may get a different image.'
        : 'A tag is a movable pointer: the publisher (or whoever takes over the repository or registry account) can push new content under it.'
    } The job's steps, its token and the secrets they are given run inside that image.`,
    remediation: `Pin the image by digest and keep the tag for readers: \`${ref.repository}:${version}@sha256:<digest>\` (the digest from \`docker buildx imagetools inspect ${ref.repository}:${version}\`); Dependabot and Renovate update pinned digests.`,
    key: `${key}|${value}|${startOf(image.node)}`,
  };
}

function job({ job }: JobVisit<GithubModel>): Hit[] {
  const hits: Hit[] = [];
  for (const c of job.containers) {
    const where = c.where === 'container' ? `The container of job \`${job.id}\`` : `Service \`${c.where.slice('services.'.length)}\` of job \`${job.id}\``;
    for (const image of c.images) {
      const hit = check(image, where, `${job.id}|${c.where}`);
      if (hit) hits.push(hit);
    }
  }
  return hits;
}

export const rule = defineRule({
  id: 'unpinned-container-image',
  title: 'Container image not pinned by digest',
  severity: 'MEDIUM',
  severityGuide:
    'MEDIUM for an image without a tag or with `latest`; LOW for an image with another tag but no `@sha256:` digest. Digests, empty values and images computed by expressions other than `${{ matrix.<key> }}` are not reported.',
  confidence: 0.8,
  cwe: 'CWE-829',
  owasp: OWASP.supplyChain,
  description:
    'A job container or a service container names its image by tag. Tags can be re-pushed, so whoever controls that image repository decides what runs next to the job\'s token and secrets; an image without a tag is simply the newest push.',
  remediation: 'Reference images as `name:version@sha256:<digest>` and let Dependabot or Renovate keep the digest current.',
  appliesTo: WORKFLOW_ONLY,
  references: [
    'https://docs.github.com/en/actions/writing-workflows/workflow-syntax-for-github-actions#jobsjob_idcontainerimage',
    'https://docs.github.com/en/actions/writing-workflows/workflow-syntax-for-github-actions#jobsjob_idservicesservice_idimage',
  ],
  docs: {
    summary:
      'Reports `jobs.<id>.container` (a string or `image:`) and `jobs.<id>.services.<id>.image` without an `@sha256:` digest; `${{ matrix.<key> }}` images are checked value by value where the matrix lists them. `uses: docker://…` steps and Docker actions are reported by `unpinned-action`.',
    bad: [`name: integration
on: push
permissions:
  contents: read
jobs:
  test:
    runs-on: ubuntu-latest
    container:
      image: example-org/build-env:latest
    services:
      db:
        image: postgres
    steps:
      - run: make integration-test
`],
    good: [`name: integration
on: push
permissions:
  contents: read
jobs:
  test:
    runs-on: ubuntu-latest
    container:
      image: example-org/build-env:3.2.0@sha256:4c7a9e2b1d3f5a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a4c
    services:
      db:
        image: postgres:16.4@sha256:8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a4c4c7a9e2b1d3f5a6c
    steps:
      - run: make integration-test
`],
  },
  detect,
});
