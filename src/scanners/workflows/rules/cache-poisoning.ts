import type { Job, Step, WorkflowFile } from '../model.js';
import { get, startOf } from '../parse.js';
import { defineRule, OWASP, WORKFLOW_ONLY, type Hit } from '../rule.js';
import { isFalse, isTrue, usesAction } from '../steps.js';

const PUBLISH_COMMAND =
  /\b(?:(?:npm|yarn|pnpm) publish|twine upload|cargo publish|gem push|poetry publish|uv publish|docker push|gh release (?:create|upload)|mvn(?:\s+\S+){0,5}\s+deploy|gradle(?:w)?\s+publish|dotnet nuget push|vsce publish)\b/;
const PUBLISH_ACTIONS = ['pypa/gh-action-pypi-publish', 'softprops/action-gh-release', 'goreleaser/goreleaser-action', 'changesets/action', 'ncipollo/release-action'];
const SETUP_WITH_CACHE = ['actions/setup-node', 'actions/setup-python', 'actions/setup-java', 'actions/setup-dotnet', 'pnpm/action-setup', 'ruby/setup-ruby'];

function publishes(job: Job): boolean {
  if (job.permissions?.scopes.get('id-token')?.trim() === 'write') return true;
  return job.steps.some(
    (s) =>
      (s.run !== undefined && PUBLISH_COMMAND.test(s.run.value)) ||
      usesAction(s, ...PUBLISH_ACTIONS) ||
      (usesAction(s, 'docker/build-push-action') && isTrue(s.with.get('push'))),
  );
}

/** Why a step restores a cache, if it does. */
function restoresCache(step: Step): string | undefined {
  if (usesAction(step, 'actions/cache', 'actions/cache/restore')) return 'actions/cache restores a cache';
  if (usesAction(step, ...SETUP_WITH_CACHE)) {
    const cache = step.with.get('cache') ?? step.with.get('bundler-cache') ?? step.with.get('run_install');
    if (cache && cache.value.trim() !== '' && !isFalse(cache)) return `the setup action restores its \`${cache.value.trim()}\` cache`;
  }
  if (usesAction(step, 'actions/setup-go') && !isFalse(step.with.get('cache'))) return 'actions/setup-go restores its module cache (on by default since v4)';
  if (usesAction(step, 'swatinem/rust-cache')) return 'rust-cache restores the cargo cache';
  if (usesAction(step, 'astral-sh/setup-uv') && isTrue(step.with.get('enable-cache'))) return 'setup-uv restores its cache';
  return undefined;
}

function detect(wf: WorkflowFile): Hit[] {
  const reasons: string[] = [];
  if (wf.triggers.has('release')) reasons.push('runs on release');
  const push = wf.triggers.get('push');
  if (push?.config && get(wf.file, push.config, 'tags') !== undefined) reasons.push('runs on tag pushes');
  if (wf.permissions?.scopes.get('id-token')?.trim() === 'write') reasons.push('can mint OIDC tokens (id-token: write)');
  const publishing = wf.jobs.filter(publishes);
  if (reasons.length === 0 && publishing.length === 0) return [];
  const hits: Hit[] = [];
  for (const job of wf.jobs) {
    const jobPublishes = publishing.includes(job) || wf.permissions?.scopes.get('id-token')?.trim() === 'write';
    for (const step of job.steps) {
      const why = restoresCache(step);
      if (!why || !step.uses) continue;
      const release = [...reasons, ...(jobPublishes ? ['publishes artifacts'] : [])].join(', ');
      hits.push({
        severity: jobPublishes ? 'HIGH' : 'MEDIUM',
        confidence: 0.6,
        offset: startOf(step.uses.node),
        description: `This workflow ${release}, and in job \`${job.id}\` ${why}. Caches are shared with other workflows of the repository: code that an outsider gets to run in one of them (a pull_request_target or issue_comment workflow, a compromised build step) can plant a cache entry that this release build then uses.`,
        key: `${job.id}|${step.index}`,
      });
    }
  }
  return hits;
}

export const rule = defineRule({
  id: 'cache-poisoning',
  title: 'Release workflow restores a shared cache',
  severity: 'HIGH',
  severityGuide:
    'HIGH when the job that restores the cache publishes (a publish command or action, a pushed image, or id-token: write); MEDIUM when the workflow is a release or tag workflow but the job itself does not publish.',
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
      'Reports cache restores (actions/cache, actions/cache/restore, setup-node/python/java/dotnet/ruby and pnpm with a cache input, setup-go unless `cache: false`, rust-cache, setup-uv with enable-cache) in workflows that run on releases or tag pushes, grant id-token: write, or publish (npm/cargo/twine/gem publish, docker push, gh release, publish actions).',
    vulnerable: `name: publish
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
`,
    safe: `name: publish
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
`,
  },
  detect,
});
