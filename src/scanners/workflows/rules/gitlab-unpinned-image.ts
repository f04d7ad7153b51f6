import type { Severity } from '../../../core/findings.js';
import { IMAGE_DIGEST } from '../contexts.js';
import { startOf, type Str } from '../parse.js';
import { defineRule, OWASP, type Hit } from '../rule.js';
import type { RuleHooks } from '../visitor.js';

const detect: RuleHooks = {
  gitlab: {
    file: ({ wf: { pipeline } }) => [...checkAll(pipeline.defaultImages, 'default image'), ...checkAll(pipeline.defaultServices, 'default services')],
    job: ({ job }) => [...checkAll([job.image], `${job.id}: image`), ...checkAll(job.services, `${job.id}: services`)],
  },
};

export interface ImageRef {
  /** Repository without registry `docker.io`, tag or digest. */
  readonly repository: string;
  readonly tag?: string;
  /** A Docker Hub official image (`node`, `library/node`). */
  readonly official: boolean;
}

/** Parses `[registry/]name[:tag][@digest]`. */
export function parseImage(value: string): ImageRef {
  let rest = value.trim().replace(/@.*$/, '');
  const first = rest.split('/')[0] ?? '';
  const hasRegistry = rest.includes('/') && (/[.:]/.test(first) || first === 'localhost');
  if (/^(?:docker\.io|index\.docker\.io|registry-1\.docker\.io)\//.test(rest)) rest = rest.replace(/^[^/]+\//, '');
  const slash = rest.lastIndexOf('/');
  const colon = rest.lastIndexOf(':');
  const tag = colon > slash ? rest.slice(colon + 1) : undefined;
  const repository = colon > slash ? rest.slice(0, colon) : rest;
  const dockerHub = !hasRegistry || /^(?:docker\.io|index\.docker\.io|registry-1\.docker\.io)$/.test(first);
  const official = dockerHub && (!repository.includes('/') || repository.startsWith('library/'));
  return { repository, tag: tag || undefined, official };
}

function check(image: Str, where: string): Hit | undefined {
  const value = image.value.trim();
  // Variables (the project's own `$CI_REGISTRY_IMAGE`, a version variable) and digests are not checked.
  if (!value || value.includes('$') || IMAGE_DIGEST.test(value)) return undefined;
  const ref = parseImage(value);
  const moving = !ref.tag || ref.tag.toLowerCase() === 'latest';
  if (ref.official && !moving) return undefined;
  const severity: Severity = ref.official ? 'LOW' : moving ? 'MEDIUM' : 'LOW';
  const tagText = ref.tag ? `the tag \`${ref.tag}\`` : 'no tag (so `latest`)';
  return {
    severity,
    confidence: ref.official ? 0.6 : 0.8,
    offset: startOf(image.node),
    title: ref.official ? 'Official Docker image without a version tag' : moving ? 'Third-party image without a tag or digest' : 'Third-party image not pinned by digest',
    description: `\`${where}\` uses \`${value}\` with ${tagText}${moving ? ', which points at whatever was pushed last' : ', which its publisher can re-push at any time'}. The job's scripts, CI/CD variables and token run inside that image${ref.official ? '; official library images are a smaller risk, but an untagged one changes without notice' : ''}.`,
    remediation: `Pin the image by digest and keep the tag for readers: \`${ref.repository}:${moving ? '<version>' : ref.tag}@sha256:<digest>\` (from \`docker buildx imagetools inspect ${ref.repository}:${moving ? '<version>' : ref.tag}\`), and let Renovate update it.`,
    key: `${where}|${value}`,
  };
}

/** Hits for images and services, each named by where it is written. */
function checkAll(images: readonly (Str | undefined)[], where: string): Hit[] {
  return images.map((image) => (image ? check(image, where) : undefined)).filter((h): h is Hit => h !== undefined);
}

export const rule = defineRule({
  id: 'gitlab-unpinned-image',
  title: 'GitLab CI image not pinned',
  severity: 'MEDIUM',
  severityGuide:
    'MEDIUM for third-party images (a namespace or another registry) without a tag or with `latest`; LOW for third-party images with a tag but no `@sha256:` digest, and for official Docker library images without a tag or with `latest`. Official images with a version tag, digests and images named through variables are not reported.',
  confidence: 0.8,
  cwe: 'CWE-829',
  owasp: OWASP.supplyChain,
  description:
    'A job `image` or `services` entry names a tag instead of a digest. Tags can be re-pushed, so whoever controls the image repository (or takes it over) decides what runs the job, with its CI/CD variables and token.',
  remediation: 'Reference images as `name:version@sha256:<digest>` and let Renovate or Dependabot keep the digest current; prefer images you build and publish yourself.',
  appliesTo: ['gitlab'],
  references: ['https://docs.gitlab.com/ci/yaml/#image'],
  docs: {
    path: '.gitlab-ci.yml',
    summary:
      'Reports `image` and `services` (strings or `{ name: … }`) in jobs, `default:` and at the top level that have no tag, use `latest`, or, for third-party images, lack an `@sha256:` digest.',
    bad: [`test:
  image: example-org/build-tools:latest
  services:
    - postgres
  script:
    - make test
`],
    good: [`test:
  image: example-org/build-tools:2.4.1@sha256:4c7a9e2b1d3f5a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a4c
  services:
    - postgres:16.4
  script:
    - make test
`],
  },
  detect,
});
