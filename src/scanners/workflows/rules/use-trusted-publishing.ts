import type { Severity } from '../../../core/findings.js';
import type { GithubFile, Job, Permissions, Step } from '../model.js';
import { offsetInScalar, startOf, type Str } from '../parse.js';
import { defineRule, OWASP, STEP_KINDS, type Hit } from '../rule.js';
import { isFalse, usesAction } from '../steps.js';
import type { GithubModel, RuleHooks, StepVisit } from '../visitor.js';

const detect: RuleHooks = { github: { step } };

/** A registry that accepts OIDC tokens from GitHub Actions, the command that publishes to it, and how a stored token reaches that command. */
interface Registry {
  readonly name: string;
  readonly command: RegExp;
  /** Env vars the tool reads a token from. */
  readonly tokenEnv: readonly string[];
  /** Command-line options that pass a token. */
  readonly tokenFlag?: RegExp;
  /** Options naming another registry (which may not support trusted publishing): the command is then left alone. */
  readonly otherRegistry?: RegExp;
  readonly how: string;
}

const REGISTRIES: readonly Registry[] = [
  {
    name: 'npm',
    command: /\b(?:npm|pnpm|bun|bunx\s+npm|yarn(?:\s+npm)?)\s+publish\b/,
    tokenEnv: ['NODE_AUTH_TOKEN', 'NPM_TOKEN', 'NPM_AUTH_TOKEN', 'NPM_CONFIG_TOKEN', 'YARN_NPM_AUTH_TOKEN'],
    tokenFlag: /:_authToken=/,
    otherRegistry: /--registry[= ]\s*\S*(?<!registry\.npmjs\.org\/?)(?:\s|$)|npm\.pkg\.github\.com/,
    how: 'configure a trusted publisher for the package on npmjs.com and publish with npm 11.5 or later from a job with `id-token: write` and no token',
  },
  {
    name: 'crates.io',
    command: /\bcargo(?:\s+\+\S+)?\s+publish\b/,
    tokenEnv: ['CARGO_REGISTRY_TOKEN', 'CARGO_REGISTRIES_CRATES_IO_TOKEN'],
    tokenFlag: /--token\b/,
    otherRegistry: /--registry\b|--index\b/,
    how: 'configure a trusted publisher on crates.io and get a short-lived token with `rust-lang/crates-io-auth-action`',
  },
  {
    name: 'RubyGems',
    command: /\bgem\s+push\b/,
    tokenEnv: ['GEM_HOST_API_KEY'],
    otherRegistry: /--host\b/,
    how: 'configure a trusted publisher on rubygems.org and release with `rubygems/release-gem`',
  },
  {
    name: 'PyPI',
    command: /\b(?:twine(?:==\S+)?\s+upload|uv\s+publish|poetry\s+publish|hatch\s+publish|flit\s+publish)\b/,
    tokenEnv: ['TWINE_PASSWORD', 'UV_PUBLISH_TOKEN', 'UV_PUBLISH_PASSWORD', 'POETRY_PYPI_TOKEN_PYPI', 'HATCH_INDEX_AUTH', 'FLIT_PASSWORD'],
    tokenFlag: /(?:^|\s)(?:-p|--password|-t|--token|-a|--auth)(?:[= ]|$)/,
    otherRegistry: /--repository-url[= ]\s*(?!\S*(?:upload\.pypi\.org|test\.pypi\.org))|--publish-url[= ]\s*(?!\S*(?:upload\.pypi\.org|test\.pypi\.org))/,
    how: 'configure a trusted publisher on PyPI and publish with `pypa/gh-action-pypi-publish` or `uv publish` from a job with `id-token: write`',
  },
  {
    name: 'nuget.org',
    command: /\b(?:dotnet\s+)?nuget(?:\.exe)?\s+push\b/,
    tokenEnv: ['NUGET_API_KEY', 'NUGET_AUTH_TOKEN'],
    tokenFlag: /(?:^|\s)(?:-k|--api-key|-ApiKey)(?:[= ]|$)/i,
    otherRegistry: /(?:-s|--source|-Source)[= ]\s*(?!\S*nuget\.org)/i,
    how: 'configure a trusted publishing policy on nuget.org and get a short-lived key with `NuGet/login`',
  },
];

function canMintOidc(p: Permissions | undefined): boolean {
  if (!p) return false;
  if (p.shorthand) return p.shorthand === 'write-all';
  return p.scopes.get('id-token') === 'write';
}

/** Whether a value comes from a stored secret (rather than from an OIDC exchange such as `steps.login.outputs.*`). */
const fromSecret = (value: string | undefined) => value !== undefined && /\bsecrets\s*\.|\bsecrets\s*\[/i.test(value);

/** The env var (step, then job, then workflow) of that name. */
function envValue(wf: GithubFile, job: Job, step: Step, name: string): Str | undefined {
  return step.env.get(name) ?? job.env.get(name) ?? wf.env.get(name);
}

function actionHit(step: Step): { input: Str; registry: string; how: string } | undefined {
  if (usesAction(step, 'pypa/gh-action-pypi-publish')) {
    const password = step.with.get('password');
    const url = (step.with.get('repository-url') ?? step.with.get('repository_url'))?.value;
    if (password && (!url || /(?:upload|test)\.pypi\.org/.test(url))) return { input: password, registry: 'PyPI', how: 'configure a trusted publisher on PyPI and drop `password:`; the action then uses the job\'s OIDC token (`id-token: write`)' };
  }
  if (usesAction(step, 'rubygems/release-gem')) {
    const setup = step.with.get('setup-trusted-publisher');
    if (isFalse(setup) && setup) return { input: setup, registry: 'RubyGems', how: 'configure a trusted publisher on rubygems.org and remove `setup-trusted-publisher: false`' };
  }
  if (usesAction(step, 'rubygems/configure-rubygems-credentials')) {
    const token = step.with.get('api-token');
    const server = step.with.get('gem-server')?.value;
    if (token && (!server || /rubygems\.org/.test(server))) return { input: token, registry: 'RubyGems', how: 'configure a trusted publisher on rubygems.org and drop `api-token:` (the action then exchanges the OIDC token)' };
  }
  return undefined;
}

function step({ wf, job, step }: StepVisit<GithubModel>): Hit[] {
  const where = `Step ${step.index + 1} of job \`${job.id}\``;
  const action = actionHit(step);
  if (action) {
    return [
      {
        severity: 'LOW',
        offset: startOf(action.input.node),
        description: `${where} publishes to ${action.registry} with a stored, long-lived credential. ${action.registry} supports trusted publishing, where the upload is authorised by a short-lived OIDC token bound to this repository and workflow, so there is no credential to leak or rotate.`,
        remediation: `To use trusted publishing, ${action.how}.`,
        key: `${job.id}|${step.index}|action`,
      },
    ];
  }
  if (!step.run) return [];
  // `\`+newline and PowerShell's backtick+newline continue a command; two spaces keep the offsets.
  const text = step.run.value.replace(/[\\`]\r?\n/g, '  ');
  // A composite action runs with its caller's permissions, which this file does not show.
  const oidc = wf.kind === 'composite' || canMintOidc(job.permissions ?? wf.permissions);
  const hits: Hit[] = [];
  let index = 0;
  for (const line of text.split('\n')) {
    for (const registry of REGISTRIES) {
      const m = registry.command.exec(line);
      if (!m || /--dry-run\b/.test(line) || (registry.name === 'crates.io' && /\s-n\b/.test(line))) continue;
      if (registry.otherRegistry?.test(line)) continue;
      const envToken = registry.tokenEnv.find((name) => fromSecret(envValue(wf, job, step, name)?.value));
      const referenced = [...line.matchAll(/\$\{?(\w+)\}?|\$env:(\w+)/g)].some((v) => fromSecret(envValue(wf, job, step, v[1] ?? v[2] ?? '')?.value));
      const flagToken = registry.tokenFlag?.test(line) && (fromSecret(line) || referenced);
      if (!envToken && !flagToken && oidc) continue;
      const severity: Severity = envToken || flagToken ? 'LOW' : 'INFO';
      const how = envToken ? `a stored token (\`${envToken}\`)` : flagToken ? 'a stored token passed on the command line' : 'a credential set up outside the job\'s OIDC token: the job cannot request one (no `id-token: write`)';
      hits.push({
        severity,
        confidence: severity === 'LOW' ? 0.8 : 0.5,
        // The command's first word: a continued command spans lines, which block scalars re-indent.
        offset: offsetInScalar(wf.file, step.run, index + m.index, m[0].split(/\s/)[0] ?? m[0]),
        description: `${where} runs \`${m[0]}\` with ${how}. ${registry.name} supports trusted publishing, where the upload is authorised by a short-lived OIDC token bound to this repository and workflow, so there is no long-lived credential to leak or rotate.`,
        remediation: `To use trusted publishing, ${registry.how}.`,
        key: `${job.id}|${step.index}|${index + m.index}`,
      });
    }
    index += line.length + 1;
  }
  return hits;
}

export const rule = defineRule({
  id: 'use-trusted-publishing',
  title: 'Package published with a long-lived token',
  severity: 'LOW',
  severityGuide:
    'LOW when a stored secret visibly reaches the publishing step (an env var such as `NODE_AUTH_TOKEN` or `CARGO_REGISTRY_TOKEN`, a `--token`/`--api-key` option, `password:` of `pypa/gh-action-pypi-publish`); INFO for a publishing command in a job that cannot request an OIDC token (no `id-token: write`) and shows no token. Dry runs and other registries are not reported.',
  confidence: 0.8,
  cwe: 'CWE-522',
  owasp: OWASP.supplyChain,
  description:
    'PyPI, npm, crates.io, RubyGems and nuget.org accept uploads authorised by the workflow\'s OIDC token ("trusted publishing"): short-lived, scoped to one repository and workflow, and nothing to store. A long-lived API token in the repository\'s secrets can instead be stolen by any step or dependency that runs with it and used from anywhere until someone revokes it.',
  remediation:
    'Register the repository and workflow as a trusted publisher on the registry, give the publishing job `permissions: id-token: write`, and delete the stored token.',
  appliesTo: STEP_KINDS,
  references: ['https://repos.openssf.org/trusted-publishers-for-all-package-repositories.html', 'https://docs.pypi.org/trusted-publishers/', 'https://docs.npmjs.com/trusted-publishers'],
  docs: {
    summary:
      'Reports `pypa/gh-action-pypi-publish` with `password:`, `rubygems/release-gem` with `setup-trusted-publisher: false`, `rubygems/configure-rubygems-credentials` with `api-token:`, and `npm`/`pnpm`/`yarn`/`bun publish`, `cargo publish`, `gem push`, `twine upload`, `uv`/`poetry publish` and `nuget push` run with a token from `secrets` (or, at INFO, in a job without `id-token: write`).',
    bad: [`name: release
on:
  push:
    tags: ['v*']
permissions:
  contents: read
jobs:
  publish:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
        with:
          persist-credentials: false
      - run: cargo publish --locked
        env:
          CARGO_REGISTRY_TOKEN: \${{ secrets.CARGO_REGISTRY_TOKEN }}
`],
    good: [`name: release
on:
  push:
    tags: ['v*']
permissions:
  contents: read
jobs:
  publish:
    runs-on: ubuntu-latest
    environment: crates-io
    permissions:
      contents: read
      id-token: write
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
        with:
          persist-credentials: false
      - uses: rust-lang/crates-io-auth-action@e919bc7605cde86df457cf5b93c5e103838bd879 # v1.0.1
        id: auth
      - run: cargo publish --locked
        env:
          CARGO_REGISTRY_TOKEN: \${{ steps.auth.outputs.token }}
`],
  },
  detect,
});
