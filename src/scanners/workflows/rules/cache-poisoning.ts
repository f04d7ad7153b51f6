import type { GithubFile, Job, Step } from '../model.js';
import { asSeq, asStr, get, startOf, type Str } from '../parse.js';
import { defineRule, OWASP, WORKFLOW_ONLY, type Hit } from '../rule.js';
import { headCheckout, isTrue, majorVersion, runsWorkspaceCode, usesAction } from '../steps.js';
import { actionName } from '../contexts.js';
import type { GithubModel, RuleHooks, StepVisit } from '../visitor.js';

const detect: RuleHooks = { github: { step } };

const PUBLISH_COMMAND =
  /\b(?:(?:npm|yarn|pnpm|bun) publish|twine upload|cargo publish|gem push|poetry publish|uv publish|hatch publish|flit publish|docker push|gh release (?:create|upload)|mvn(?:\s+\S+){0,5}\s+deploy|gradle(?:w)?\s+publish|dotnet nuget push|nuget push|vsce publish|ovsx publish|goreleaser release|helm push|jfrog rt upload)\b/;
/** Actions that publish packages, releases, images or deployments. */
const PUBLISH_ACTIONS = [
  'pypa/gh-action-pypi-publish',
  'rubygems/release-gem',
  'jreleaser/release-action',
  'goreleaser/goreleaser-action',
  'softprops/action-gh-release',
  'ncipollo/release-action',
  'release-drafter/release-drafter',
  'googleapis/release-please-action',
  'changesets/action',
  'redhat-actions/push-to-registry',
  'aws-actions/amazon-ecs-deploy-task-definition',
  'aws-actions/aws-cloudformation-github-deploy',
  'azure/aci-deploy',
  'azure/container-apps-deploy-action',
  'azure/functions-action',
  'azure/webapps-deploy',
  'cloudflare/wrangler-action',
  'google-github-actions/deploy-appengine',
  'google-github-actions/deploy-cloudrun',
  'google-github-actions/deploy-cloud-functions',
  'peaceiris/actions-gh-pages',
  'actions/deploy-pages',
  'jamesives/github-pages-deploy-action',
];

/** Release-run tests an input may be set from: true on tag pushes and releases. */
const ON_RELEASES = /^(?:startswith\(github\.ref,'refs\/tags\/?'\)|github\.ref_type=='tag'|github\.event_name=='release'|contains\(github\.ref,'refs\/tags'\)|github\.event_name=='push'&&github\.ref_type=='tag'|github\.ref_type=='tag'&&github\.event_name=='push')$/;

/**
 * A toggle input's value on a release run: true, false, or undefined when it cannot be told (an
 * expression over other contexts). Literals are YAML-boolish; `${{ startsWith(github.ref, 'refs/tags/') }}`
 * and the like are true on releases, their negation false.
 */
export function toggleOnRelease(value: string): boolean | undefined {
  // Toggles are short; a long value is not one.
  if (value.length > 500) return undefined;
  const v = value.replace(/\s+/g, '').toLowerCase();
  if (['true', 'yes', '1', 'on', '${{true}}'].includes(v)) return true;
  if (['false', 'no', '0', 'off', '${{false}}', "''", '""', ''].includes(v)) return false;
  const expr = /^\$\{\{(.*)\}\}$/.exec(v)?.[1];
  if (expr === undefined) return undefined;
  const negated = /^!\((.*)\)$/.exec(expr)?.[1] ?? /^!(.*)$/.exec(expr)?.[1];
  if (negated !== undefined && ON_RELEASES.test(negated)) return false;
  if (ON_RELEASES.test(expr)) return true;
  const inverse = expr.replace("ref_type!='tag'", "ref_type=='tag'").replace("event_name!='release'", "event_name=='release'");
  if (inverse !== expr && ON_RELEASES.test(inverse)) return false;
  return undefined;
}

/** Why a step restores a cache, if it does (cache-aware actions, their defaults and the inputs that switch them). */
export function restoresCache(wf: GithubFile, step: Step): string | undefined {
  if (!step.uses) return undefined;
  const name = actionName(step.uses.value);
  const input = (key: string) => step.with.get(key)?.value;
  const major = majorVersion(wf, step);
  // Opt-in toggles: an expression that cannot be told counts as on (the cautious reading).
  const optIn = (key: string, byDefault: boolean) => {
    const v = input(key);
    return v === undefined ? byDefault : toggleOnRelease(v) !== false;
  };
  // Opt-out toggles (`lookup-only`, `no-cache`): caching stays on unless the toggle is surely true.
  const optOut = (key: string) => {
    const v = input(key);
    return v === undefined || toggleOnRelease(v) !== true;
  };
  const literalTrue = (v: string | undefined) => v !== undefined && toggleOnRelease(v) === true;
  const literalFalse = (v: string | undefined) => v !== undefined && toggleOnRelease(v) === false;
  switch (name) {
    case 'actions/cache':
    case 'actions/cache/restore':
      return optOut('lookup-only') ? `${name} restores a cache` : undefined;
    case 'actions/setup-java':
    case 'actions/setup-python':
    case 'graalvm/setup-graalvm':
    case 'actions/setup-dotnet': {
      const v = input('cache')?.trim();
      return v && !literalFalse(v) ? `${name} restores its \`${v}\` cache` : undefined;
    }
    case 'actions/setup-go':
      // Caching is on by default since v4.
      if (input('cache') !== undefined) return optIn('cache', true) ? 'actions/setup-go restores its module cache' : undefined;
      return major === undefined || major >= 4 ? 'actions/setup-go restores its module cache (on by default since v4)' : undefined;
    case 'actions/setup-node': {
      const cache = input('cache')?.trim().toLowerCase();
      if (cache && (['npm', 'yarn', 'pnpm'].includes(cache) || (cache.includes('${{') && toggleOnRelease(cache) !== false))) return `actions/setup-node restores its \`${cache}\` cache`;
      // v5 caches npm by default (package-manager-cache) when package.json names its package manager.
      if ((major === undefined || major >= 5) && !literalFalse(input('package-manager-cache'))) {
        return 'actions/setup-node restores the package manager cache (on by default since v5 unless `package-manager-cache: false`)';
      }
      return undefined;
    }
    case 'astral-sh/setup-uv': {
      const v = input('enable-cache')?.trim().toLowerCase();
      // Before v10, `auto` (the default) caches on GitHub-hosted runners; an unknown version counts as such.
      const autoCaches = major === undefined || major < 10;
      if (v === undefined || v === 'auto') return autoCaches ? 'setup-uv restores its cache (enable-cache: auto on GitHub-hosted runners before v10)' : undefined;
      return optIn('enable-cache', false) ? 'setup-uv restores its cache (enable-cache)' : undefined;
    }
    case 'swatinem/rust-cache':
      return optOut('lookup-only') ? 'rust-cache restores the cargo cache' : undefined;
    case 'ruby/setup-ruby':
      return optIn('bundler-cache', false) ? 'setup-ruby restores the bundler cache (bundler-cache: true)' : undefined;
    case 'pyo3/maturin-action':
      return optIn('sccache', false) ? 'maturin-action restores its sccache cache' : undefined;
    case 'mlugg/setup-zig':
      return optIn('use-cache', true) ? 'setup-zig restores its cache (on by default)' : undefined;
    case 'oven-sh/setup-bun':
      return optOut('no-cache') ? 'setup-bun restores its cache (on by default)' : undefined;
    case 'determinatesystems/magic-nix-cache-action':
      return optIn('use-gha-cache', true) ? 'magic-nix-cache restores the Nix store from the Actions cache' : undefined;
    case 'gradle/actions/setup-gradle':
    case 'gradle/gradle-build-action':
      return optOut('cache-disabled') && input('cache-read-only') === undefined ? `${name} restores the Gradle cache (on by default)` : undefined;
    case 'actions-rust-lang/setup-rust-toolchain':
      return optIn('cache', true) ? 'setup-rust-toolchain restores the cargo cache (on by default)' : undefined;
    case 'jdx/mise-action':
      return optIn('cache', true) ? 'mise-action restores its tool cache (on by default)' : undefined;
    case 'ramsey/composer-install':
      return literalTrue(input('ignore-cache')) ? undefined : 'composer-install restores the Composer cache (on by default)';
    case 'docker/setup-buildx-action':
      return input('version') !== undefined && optIn('cache-binary', true) ? 'setup-buildx-action restores the cached buildx binary' : undefined;
    case 'mozilla-actions/sccache-action':
    case 'nix-community/cache-nix-action':
    case 'awalsh128/cache-apt-pkgs-action':
      return `${name} restores a cache`;
    default:
      return undefined;
  }
}

function publishStep(s: Step): boolean {
  return (
    (s.run !== undefined && PUBLISH_COMMAND.test(s.run.value)) ||
    usesAction(s, ...PUBLISH_ACTIONS) ||
    (usesAction(s, 'docker/build-push-action') && isTrue(s.with.get('push')))
  );
}

function publishes(job: Job): boolean {
  if (job.permissions?.scopes.get('id-token')?.trim() === 'write') return true;
  return job.steps.some(publishStep);
}

/** Deploy jobs: a job whose id, name or environment says it deploys or releases. */
function deployJob(job: Job): boolean {
  return /^(?:deploy|release|publish)(?:[-_]|$)/i.test(job.id) || job.environment !== undefined && /prod|release|publish|pypi|npm/i.test(job.environment);
}

/** Why the workflow is a release workflow, from its triggers. */
function releaseTriggers(wf: GithubFile): string[] {
  const reasons: string[] = [];
  if (wf.triggers.has('release')) reasons.push('runs on release');
  const push = wf.triggers.get('push');
  if (push?.config) {
    if (get(wf.file, push.config, 'tags') !== undefined) reasons.push('runs on tag pushes');
    const branches = get(wf.file, push.config, 'branches');
    const names = [asStr(wf.file, branches)?.value, ...(asSeq(wf.file, branches)?.items ?? []).map((i) => asStr(wf.file, i)?.value)].filter((v): v is string => v !== undefined);
    if (names.some((b) => /(?:^|\/|-)(?:release|releases)(?:\/|-|\*|$)/i.test(b))) reasons.push('runs on pushes to release branches');
  }
  return reasons;
}

/** Events whose runs never build a release: a condition that requires one of them skips the step on releases. */
const NON_RELEASE_EVENTS = new Set(['pull_request', 'merge_group', 'pull_request_review', 'pull_request_review_comment', 'issues', 'issue_comment', 'discussion', 'discussion_comment']);

/** A step (or job) condition that skips it on tag and release runs: a negated tag test, or a test for a pull-request-only event. */
function skippedOnReleases(job: Job, step: Step): boolean {
  return [step.if, job.if].some((c) => {
    const cond = (c?.value ?? '').replace(/\s+/g, '').toLowerCase();
    if (/!startswith\(github\.ref,'refs\/tags\/'\)|github\.ref_type!='tag'|github\.event_name!='release'/.test(cond)) return true;
    // `github.event_name == 'pull_request'`, not or-ed with anything that could hold on a release run.
    const only = /github\.event_name==['"]([a-z_]+)['"]/.exec(cond)?.[1];
    return only !== undefined && !cond.includes('||') && NON_RELEASE_EVENTS.has(only);
  });
}

/** Events that run in the base repository's cache scope (the default branch) yet are started by outsiders. */
const WRITABLE_SCOPE_EVENTS = ['pull_request_target', 'workflow_run', 'issue_comment'];

/**
 * The other side of poisoning: a job started by an outsider that runs their code (it checks out the pull
 * request and runs workspace code) in the default branch's cache scope, next to a cache the job saves.
 */
function writableHit(wf: GithubFile, job: Job, step: Step & { uses: Str }, why: string): Hit | undefined {
  const events = WRITABLE_SCOPE_EVENTS.filter((e) => wf.triggers.has(e));
  if (events.length === 0 || usesAction(step, 'actions/cache/restore')) return undefined;
  const checkoutAt = job.steps.findIndex((s) => headCheckout(s) !== undefined);
  if (checkoutAt === -1 || !job.steps.slice(checkoutAt).some(runsWorkspaceCode)) return undefined;
  return {
    severity: 'HIGH',
    confidence: 0.7,
    offset: startOf(step.uses.node),
    title: 'Cache writable by pull request code',
    description: `This workflow runs on ${events.join(', ')}, in the cache scope of the default branch, and job \`${job.id}\` runs code from the pull request while ${why.replace(/restores/, 'uses (and saves)')}. The pull request's code can write cache entries that builds on the default branch and releases restore.`,
    remediation: 'Do not use caches in jobs that run pull request code on pull_request_target, workflow_run or issue_comment; run that code on `pull_request` instead, where caches are scoped to the pull request.',
    key: `writable|${job.id}|${step.index}`,
  };
}

/** A cache restored in a job that releases, publishes or deploys. */
function releaseHit(wf: GithubFile, job: Job, step: Step & { uses: Str }, why: string): Hit | undefined {
  const reasons = releaseTriggers(wf);
  const workflowIdToken = wf.permissions?.scopes.get('id-token')?.trim() === 'write';
  const dispatchOnly = [...wf.triggers.keys()].every((t) => t === 'workflow_dispatch' || t === 'workflow_call');
  const jobPublishes = publishes(job) || (workflowIdToken && reasons.length > 0);
  const deploy = dispatchOnly && deployJob(job);
  if ((reasons.length === 0 && !jobPublishes && !deploy) || skippedOnReleases(job, step)) return undefined;
  const release = [...reasons, ...(jobPublishes ? ['publishes artifacts'] : []), ...(deploy && !jobPublishes ? ['deploys'] : [])].join(', ');
  return {
    severity: jobPublishes ? 'HIGH' : 'MEDIUM',
    confidence: jobPublishes && reasons.length > 0 ? 0.8 : 0.6,
    offset: startOf(step.uses.node),
    description: `This workflow ${release}, and in job \`${job.id}\` ${why}. Caches are shared with other workflows of the repository: code that an outsider gets to run in one of them (a pull_request_target or issue_comment workflow, a compromised build step) can plant a cache entry that this release build then uses.`,
    key: `${job.id}|${step.index}`,
  };
}

function step({ wf, job, step }: StepVisit<GithubModel>): Hit[] {
  const why = restoresCache(wf, step);
  const uses = step.uses;
  if (!why || !uses) return [];
  const cached = { ...step, uses };
  return [releaseHit(wf, job, cached, why), writableHit(wf, job, cached, why)].filter((h): h is Hit => h !== undefined);
}

export const rule = defineRule({
  id: 'cache-poisoning',
  title: 'Release workflow restores a shared cache',
  severity: 'HIGH',
  severityGuide:
    'HIGH when the job that restores the cache publishes (a publish command or action, a pushed image, or id-token: write), and for caches used by jobs that run pull request code on pull_request_target, workflow_run or issue_comment (they can write entries in the default branch\'s scope); MEDIUM when the workflow is a release, tag or release-branch workflow but the job itself does not publish, and for deploy jobs of manually dispatched workflows.',
  confidence: 0.6,
  cwe: 'CWE-349',
  owasp: OWASP.integrity,
  description:
    'A workflow that builds or publishes releases restores a GitHub Actions cache. Cache entries are shared across a repository\'s workflows, so anyone who can run code in a less trusted workflow can write an entry with the right key and have it built into the release.',
  remediation:
    'Do not restore caches in release and publish jobs: turn caching off in setup actions (`cache: ""` or remove the input, `cache: false` for setup-go) and drop actions/cache there. Rebuild dependencies from the lockfile; the few minutes are the price of a clean release.',
  appliesTo: WORKFLOW_ONLY,
  references: ['https://docs.github.com/en/actions/writing-workflows/choosing-what-your-workflow-does/caching-dependencies-to-speed-up-workflows#restrictions-for-accessing-a-cache'],
  docs: {
    summary:
      'Reports cache restores in release and publish jobs: actions/cache and actions/cache/restore (unless `lookup-only`), setup actions that cache when asked (setup-node `cache: npm|yarn|pnpm`, setup-python/setup-java/setup-graalvm `cache:`, setup-dotnet `cache: true`, ruby/setup-ruby `bundler-cache: true`, setup-uv `enable-cache: true`, maturin `sccache`) or by default (setup-go v4+, setup-node v5+ package-manager cache, setup-uv before v10 (`enable-cache: auto`), rust-cache, setup-gradle, setup-bun, setup-zig, setup-rust-toolchain, mise, composer-install, magic-nix-cache, sccache). Release jobs are those of workflows run on `release`, tag pushes or pushes to release branches, jobs that publish (npm/cargo/twine/gem publish, docker push, gh release, publish and deploy actions, id-token: write) and deploy jobs of manually dispatched workflows. Toggles set from release tests are read for a release run: `${{ startsWith(github.ref, \'refs/tags/\') }}` is on, its negation off, and an expression over other contexts counts as caching; a step `if:` that skips it on tags and releases is understood. Also reported, titled "Cache writable by pull request code": caches used in jobs that check out and run pull request code on pull_request_target, workflow_run or issue_comment, where the code can write entries in the default branch\'s cache scope.',
    bad: [`name: publish
on:
  release:
    types: [published]
permissions:
  contents: read
  id-token: write
jobs:
  npm:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
        with:
          persist-credentials: false
      - uses: actions/setup-node@49933ea5288caeca8642d1e84afbd3f7d6820020 # v4.4.0
        with:
          node-version: 20
          cache: npm
      - run: npm ci && npm publish --provenance
`],
    good: [`name: publish
on:
  release:
    types: [published]
permissions:
  contents: read
  id-token: write
jobs:
  npm:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
        with:
          persist-credentials: false
      - uses: actions/setup-node@49933ea5288caeca8642d1e84afbd3f7d6820020 # v4.4.0
        with:
          node-version: 20
      - run: npm ci && npm publish --provenance
`],
  },
  detect,
});
