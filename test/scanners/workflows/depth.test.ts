/**
 * The zizmor-depth behaviour of the GitHub Actions rules: expression dataflow,
 * typed inputs, env shadowing, job outputs, code-input sinks, runner-file
 * writes in every shell, cache-aware actions and their defaults, persisted
 * credentials, and the smaller audits (bots, secrets, unsecure commands,
 * obfuscation, always-true conditions).
 */
import { describe, expect, it } from 'vitest';
import { flowingContexts, isConstantExpression } from '../../../src/scanners/workflows/expr.js';
import { scanWorkflowFile } from '../../../src/scanners/workflows/scanner.js';
import { unsound } from '../../../src/scanners/workflows/rules/unsound-condition.js';
import { toggleOnRelease } from '../../../src/scanners/workflows/rules/cache-poisoning.js';

const WF = '.github/workflows/ci.yml';
const of = (text: string, rule: string, path = WF) => scanWorkflowFile(path, text).filter((f) => f.ruleId === rule);
const at = (text: string, rule: string, path = WF) => of(text, rule, path).map((f) => `${f.severity}@${f.line}:${f.column}`);

/** A one-job workflow; `steps` is indented as list items under `steps:`. */
const wf = (on: string, steps: string, top = '') => `on: ${on}\npermissions:\n  contents: read\n${top}jobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n${steps}`;

describe('expression dataflow', () => {
  it('keeps contexts that reach the text and drops those turned into booleans', () => {
    expect(flowingContexts("github.event.issue.title == 'x'")).toEqual([]);
    expect(flowingContexts("contains(github.event.issue.title, 'x')")).toEqual([]);
    expect(flowingContexts("!startsWith(github.head_ref, 'x')")).toEqual([]);
    expect(flowingContexts("format('{0}', github.event.issue.title)")).toEqual(['github.event.issue.title']);
    expect(flowingContexts('github.event.issue.title || github.head_ref')).toEqual(['github.event.issue.title', 'github.head_ref']);
    // The left side of && only gets through when it is falsy (empty): no text.
    expect(flowingContexts("github.event.issue.title && 'yes' || 'no'")).toEqual([]);
    expect(flowingContexts("github.event_name == 'pull_request_target' && github.head_ref || github.ref_name")).toEqual(['github.head_ref', 'github.ref_name']);
    expect(flowingContexts("github.event['pull_request'].labels[0].name")).toEqual(['github.event.pull_request.labels.*.name']);
    expect(flowingContexts("foo('")).toBeUndefined();
  });

  it('knows constant expressions from ones that read contexts or files', () => {
    expect(isConstantExpression("format('{0}', 'abc')")).toBe(true);
    expect(isConstantExpression("'a'")).toBe(true);
    expect(isConstantExpression('true || false')).toBe(true);
    expect(isConstantExpression("hashFiles('**/go.sum')")).toBe(false);
    expect(isConstantExpression('github.sha')).toBe(false);
    expect(isConstantExpression("format('{0}', github.sha)")).toBe(false);
  });

  it('reports injections through format, join, toJSON and ||, not through comparisons', () => {
    const text = wf(
      'pull_request_target',
      `      - run: |
          echo "\${{ github.event.pull_request.title == 'x' }}"
          echo "\${{ contains(github.event.pull_request.body, 'y') }}"
          echo "\${{ format('{0}', github.event.pull_request.title) }}"
          echo "\${{ join(github.event.pull_request.labels.*.name) }}"
          echo "\${{ github.event.pull_request.title || 'none' }}"
`,
    );
    expect(at(text, 'template-injection')).toEqual(['HIGH@11:17', 'HIGH@12:17', 'HIGH@13:17']);
  });
});

describe('template-injection contexts', () => {
  it.each([
    ['pull_request_target', 'github.event.pull_request.head.label'],
    ['pull_request_target', 'github.event.pull_request.labels[0].name'],
    ['pull_request_review', 'github.event.review.body'],
    ['discussion', 'github.event.discussion.title'],
    ['discussion_comment', 'github.event.comment.body'],
    ['push', 'github.event.commits[0].author.email'],
    ['push', 'github.event.head_commit.committer.name'],
    ['workflow_run', 'github.event.workflow_run.head_commit.message'],
    ['workflow_run', 'github.event.workflow_run.head_branch'],
    ['gollum', 'github.event.pages[0].page_name'],
    ['issues', 'github.event.changes.title.from'],
  ])('on %s reports %s', (on, expr) => {
    expect(of(wf(on, `      - run: echo "\${{ ${expr} }}"\n`), 'template-injection')).toHaveLength(1);
  });

  it('skips inputs typed boolean, number or choice, reports string and untyped ones', () => {
    const text = `on:
  workflow_dispatch:
    inputs:
      dry:
        type: boolean
      count:
        type: number
      level:
        type: choice
        options: [a, b]
      name:
        type: string
      note:
        description: free text
permissions:
  contents: read
jobs:
  a:
    runs-on: ubuntu-latest
    steps:
      - run: |
          echo \${{ inputs.dry }} \${{ inputs.count }} \${{ github.event.inputs.level }}
          echo "\${{ inputs.name }}"
          echo "\${{ github.event.inputs.note }}"
`;
    expect(at(text, 'template-injection')).toEqual(['LOW@23:17', 'LOW@24:17']);
  });

  it('follows env indirection: ${{ env.X }} is reported, $X is not, an inner static value shadows', () => {
    const text = `on: issues
permissions:
  contents: read
env:
  TITLE: \${{ github.event.issue.title }}
  SAFE: \${{ github.event.issue.title }}
jobs:
  a:
    runs-on: ubuntu-latest
    env:
      SAFE: fixed
    steps:
      - run: echo "$TITLE"
      - run: echo "\${{ env.TITLE }}"
      - run: echo "\${{ env.SAFE }}"
      - env:
          TITLE: static
        run: echo "\${{ env.TITLE }}"
`;
    const hits = of(text, 'template-injection');
    expect(hits.map((h) => h.line)).toEqual([14]);
    expect(hits[0]?.confidence).toBeLessThan(0.9);
  });

  it('follows a step output written from a tainted env var, and job outputs through needs', () => {
    const text = `on: pull_request_target
permissions:
  contents: read
jobs:
  meta:
    runs-on: ubuntu-latest
    outputs:
      branch: \${{ steps.b.outputs.branch }}
      number: \${{ steps.n.outputs.number }}
    steps:
      - id: b
        env:
          REF: \${{ github.head_ref }}
        run: echo "branch=$REF" >> "$GITHUB_OUTPUT"
      - id: n
        run: echo "number=42" >> "$GITHUB_OUTPUT"
  use:
    needs: meta
    runs-on: ubuntu-latest
    steps:
      - run: echo "\${{ needs.meta.outputs.branch }}"
      - run: echo "\${{ needs.meta.outputs.number }}"
`;
    expect(of(text, 'template-injection').map((f) => f.line)).toEqual([21]);
  });

  it('follows a matrix built from tainted values, not a static one', () => {
    const text = `on: pull_request_target
permissions:
  contents: read
jobs:
  plan:
    runs-on: ubuntu-latest
    outputs:
      targets: \${{ steps.t.outputs.targets }}
    steps:
      - id: t
        env:
          BODY: \${{ github.event.pull_request.body }}
        run: echo "targets=$(echo "$BODY" | jq -Rc 'split(",")')" >> "$GITHUB_OUTPUT"
  build:
    needs: plan
    runs-on: ubuntu-latest
    strategy:
      matrix:
        target: \${{ fromJSON(needs.plan.outputs.targets) }}
    steps:
      - run: make "\${{ matrix.target }}"
  static:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        os: [linux, macos]
    steps:
      - run: make "\${{ matrix.os }}"
`;
    expect(of(text, 'template-injection').map((f) => f.line)).toEqual([21]);
  });

  it('reads code inputs of known actions (jq/yq programs, ssh scripts, azure inline scripts)', () => {
    const text = wf(
      'issue_comment',
      `      - uses: mikefarah/yq@b534aa9ee5d38001fba3cd8fe254a037e4847b37 # v4.45.4
        with:
          cmd: yq '.a = "\${{ github.event.comment.body }}"' file.yml
      - uses: appleboy/ssh-action@2ead5e36573f08b82fbfce1504f1a4b05a647c6f # v1.2.2
        with:
          host: example.org
          script: deploy "\${{ github.event.issue.title }}"
      - uses: some/other-action@2ead5e36573f08b82fbfce1504f1a4b05a647c6f # v1
        with:
          text: \${{ github.event.comment.body }}
`,
    );
    expect(of(text, 'template-injection').map((f) => f.line)).toEqual([10, 14]);
  });

  it('checks composite action steps and inputs', () => {
    const text = `name: greet
description: greet
inputs:
  who:
    description: who
runs:
  using: composite
  steps:
    - shell: bash
      run: echo "Hello \${{ inputs.who }} from \${{ github.event.pull_request.title }}"
`;
    expect(at(text, 'template-injection', 'action.yml')).toEqual(['MEDIUM@10:24', 'HIGH@10:47']);
  });
});

describe('untrusted-env-write spellings and privileged triggers', () => {
  it.each([
    ['echo "T=$TITLE" >> $GITHUB_ENV'],
    ['echo "T=$TITLE" >> "$GITHUB_ENV"'],
    ['echo "T=${TITLE}" >> ${GITHUB_ENV}'],
    ['echo "T=$TITLE" | tee -a "$GITHUB_ENV"'],
    ['echo "$TITLE" >> "$GITHUB_PATH"'],
  ])('bash: %s', (line) => {
    const text = wf('pull_request_target', `      - env:\n          TITLE: \${{ github.event.pull_request.title }}\n        run: ${JSON.stringify(line)}\n`);
    expect(of(text, 'untrusted-env-write').map((f) => f.severity)).toEqual(['HIGH']);
  });

  it.each([
    ['"T=$env:TITLE" >> $env:GITHUB_ENV'],
    ['Add-Content -Path $env:GITHUB_ENV -Value "T=$env:TITLE"'],
    ['"T=$env:TITLE" | Out-File -FilePath $env:GITHUB_ENV -Append'],
    ['echo T=%TITLE% >> %GITHUB_ENV%'],
  ])('PowerShell and cmd: %s', (line) => {
    const text = wf('workflow_run', `      - env:\n          TITLE: \${{ github.event.workflow_run.head_branch }}\n        shell: pwsh\n        run: ${JSON.stringify(line)}\n`);
    expect(of(text, 'untrusted-env-write').map((f) => f.severity)).toEqual(['HIGH']);
  });

  it('in privileged workflows reports computed values, not literals or runner paths', () => {
    const text = wf(
      'workflow_run',
      `      - run: |
          echo "PR_NUMBER=$(cat pr/number)" >> "$GITHUB_ENV"
          echo "MODE=release" >> "$GITHUB_ENV"
          echo "$HOME/.local/bin" >> "$GITHUB_PATH"
          echo "\${{ github.workspace }}/bin" >> "$GITHUB_PATH"
          echo "VERSION=$VERSION" >> "$GITHUB_ENV"
`,
    );
    expect(of(text, 'untrusted-env-write').map((f) => `${f.severity}@${f.line}`)).toEqual(['MEDIUM@9', 'MEDIUM@13']);
    // The same computed writes on push are not reported: nothing there is shown to come from outsiders.
    expect(of(text.replace('on: workflow_run', 'on: push'), 'untrusted-env-write')).toEqual([]);
  });

  it('follows groups and loops redirected as a whole', () => {
    const text = wf(
      'issue_comment',
      `      - run: |
          {
            echo "A<<EOF"
            echo "\${{ github.event.comment.body }}"
            echo "EOF"
          } >> "$GITHUB_ENV"
          for l in a b; do
            echo "L_$l=\${{ github.event.issue.title }}"
          done >> "$GITHUB_ENV"
          echo "\${{ github.event.issue.body }}"
`,
    );
    expect(of(text, 'untrusted-env-write').map((f) => f.line)).toEqual([11, 15]);
  });

  it('reports computed GITHUB_ENV writes in composite actions at LOW', () => {
    const text = 'name: a\ndescription: a\nruns:\n  using: composite\n  steps:\n    - shell: bash\n      run: echo "foo=$(bar)" >> $GITHUB_ENV\n    - shell: bash\n      run: echo foo=bar >> $GITHUB_ENV\n';
    expect(at(text, 'untrusted-env-write', 'action.yml')).toEqual(['LOW@7:22']);
  });
});

describe('cache-poisoning coverage', () => {
  const release = (steps: string, on = 'release:\n    types: [published]') => `on:\n  ${on}\npermissions:\n  contents: read\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n${steps}      - run: make dist\n`;

  it.each([
    ['actions/setup-go@v5', ''],
    ['actions/setup-go@0aaccfd150d50ccaeb58ebd88d36e91967a5f35b # v5.4.0', ''],
    ['actions/setup-node@v5', ''],
    ['actions/setup-node@v4', '        with:\n          cache: pnpm\n'],
    ['actions/setup-python@v5', '        with:\n          cache: pip\n'],
    ['actions/setup-java@v4', '        with:\n          distribution: temurin\n          cache: gradle\n'],
    ['ruby/setup-ruby@v1', '        with:\n          bundler-cache: true\n'],
    ['astral-sh/setup-uv@v6', '        with:\n          enable-cache: true\n'],
    ['astral-sh/setup-uv@v6', '        with:\n          enable-cache: auto\n'],
    ['Swatinem/rust-cache@v2', ''],
    ['gradle/actions/setup-gradle@v4', ''],
    ['oven-sh/setup-bun@v2', ''],
    ['actions/cache/restore@v4', '        with:\n          path: x\n          key: k\n'],
  ])('reports %s', (uses, withBlock) => {
    expect(of(release(`      - uses: ${uses}\n${withBlock}`), 'cache-poisoning')).toHaveLength(1);
  });

  it.each([
    ['actions/setup-go@v3', ''],
    ['actions/setup-go@v5', '        with:\n          cache: false\n'],
    ['actions/setup-node@v4', '        with:\n          node-version: 22\n'],
    ['actions/setup-node@v5', '        with:\n          package-manager-cache: false\n'],
    ['actions/setup-python@v5', '        with:\n          python-version: "3.13"\n'],
    ['ruby/setup-ruby@v1', '        with:\n          bundler-cache: false\n'],
    ['astral-sh/setup-uv@v10', '        with:\n          enable-cache: auto\n'],
    ['astral-sh/setup-uv@v6', "        with:\n          enable-cache: ${{ !startsWith(github.ref, 'refs/tags/') }}\n"],
    ['Swatinem/rust-cache@v2', '        with:\n          lookup-only: true\n'],
    ['actions/cache/save@v4', '        with:\n          path: x\n          key: k\n'],
  ])('does not report %s', (uses, withBlock) => {
    expect(of(release(`      - uses: ${uses}\n${withBlock}`), 'cache-poisoning')).toEqual([]);
  });

  it('recognises tag pushes, release branches and publish jobs; ignores plain CI', () => {
    const steps = '      - uses: actions/setup-go@v5\n';
    expect(of(release(steps, "push:\n    tags: ['v*']"), 'cache-poisoning')).toHaveLength(1);
    expect(of(release(steps, "push:\n    branches: ['release/**']"), 'cache-poisoning')).toHaveLength(1);
    expect(of(release(steps, 'push:\n    branches: [main]'), 'cache-poisoning')).toEqual([]);
    expect(of(release(steps, 'pull_request:'), 'cache-poisoning')).toEqual([]);
    const publish = release(`${steps}      - uses: pypa/gh-action-pypi-publish@76f52bc884231f62b9a034ebfe128415bbaabdfc # v1.12.4\n`, 'push:\n    branches: [main]');
    expect(of(publish, 'cache-poisoning').map((f) => f.severity)).toEqual(['HIGH']);
  });

  it('treats deploy jobs of manually dispatched workflows as release jobs', () => {
    const text = 'on: workflow_dispatch\npermissions:\n  contents: read\njobs:\n  deploy:\n    runs-on: ubuntu-latest\n    environment: production\n    steps:\n      - uses: actions/setup-node@v4\n        with:\n          cache: npm\n      - run: npm ci && npm run deploy\n';
    expect(of(text, 'cache-poisoning').map((f) => f.severity)).toEqual(['MEDIUM']);
  });

  it('reports caches in jobs that run pull request code in the default branch scope', () => {
    const steps = `      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
        with:
          ref: \${{ github.event.pull_request.head.sha }}
          persist-credentials: false
      - uses: actions/setup-node@v4
        with:
          cache: npm
      - run: npm ci && npm test
`;
    const hits = of(wf('pull_request_target', steps), 'cache-poisoning');
    expect(hits.map((f) => `${f.title}@${f.line}`)).toEqual(['Cache writable by pull request code@12']);
    expect(of(wf('pull_request', steps), 'cache-poisoning')).toEqual([]);
    // Base code only: nothing an outsider controls runs next to the cache.
    expect(of(wf('pull_request_target', steps.replace(/ {8}with:\n {10}ref: .*\n/, '        with:\n')), 'cache-poisoning')).toEqual([]);
  });

  it('reads toggles set from release tests', () => {
    expect(toggleOnRelease('true')).toBe(true);
    expect(toggleOnRelease('no')).toBe(false);
    expect(toggleOnRelease("${{ startsWith(github.ref, 'refs/tags/') }}")).toBe(true);
    expect(toggleOnRelease("${{ !startsWith(github.ref, 'refs/tags/') }}")).toBe(false);
    expect(toggleOnRelease("${{ github.event_name == 'push' && github.ref_type == 'tag' }}")).toBe(true);
    expect(toggleOnRelease("${{ github.ref_type != 'tag' }}")).toBe(false);
    expect(toggleOnRelease('${{ matrix.cache }}')).toBeUndefined();
    const tagOnly = (withBlock: string) => release(`      - uses: PyO3/maturin-action@v1\n${withBlock}`, "push:\n    tags: ['*']");
    expect(of(tagOnly("        with:\n          sccache: ${{ startsWith(github.ref, 'refs/tags/') }}\n"), 'cache-poisoning')).toHaveLength(1);
    expect(of(tagOnly("        with:\n          sccache: ${{ !startsWith(github.ref, 'refs/tags/') }}\n"), 'cache-poisoning')).toEqual([]);
    expect(of(tagOnly('        with:\n          sccache: ${{ matrix.sccache }}\n'), 'cache-poisoning')).toHaveLength(1);
    // An opt-out toggle that is on for tags turns the cache off there.
    const rust = (v: string) => release(`      - uses: Swatinem/rust-cache@v2\n        with:\n          lookup-only: ${v}\n`);
    expect(of(rust("${{ startsWith(github.ref, 'refs/tags/') }}"), 'cache-poisoning')).toEqual([]);
    expect(of(rust("${{ !startsWith(github.ref, 'refs/tags/') }}"), 'cache-poisoning')).toHaveLength(1);
  });

  it('skips steps whose if: turns them off for tags', () => {
    const text = release("      - uses: actions/setup-go@v5\n        if: ${{ !startsWith(github.ref, 'refs/tags/') }}\n", "push:\n    tags: ['v*']");
    expect(of(text, 'cache-poisoning')).toEqual([]);
  });
});

describe('persisted-checkout-credentials coverage', () => {
  const job = (on: string, steps: string) => wf(on, steps);
  const checkout = (extra = '') => `      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2\n${extra}`;
  const upload = (path: string, version = 'ea165f8d65b6e75b540449e92b4886f43607fa02 # v4.6.2') => `      - uses: actions/upload-artifact@${version}\n        with:\n          name: x\n          path: ${path}\n`;

  it.each(['.', './', '${{ github.workspace }}', '.git', '"**"'])('reports an upload of %s', (path) => {
    expect(of(job('push', checkout() + upload(path)), 'persisted-checkout-credentials')).toHaveLength(1);
  });

  it('reports an upload of the checkout path folder, not of a build folder', () => {
    const withPath = checkout('        with:\n          path: src\n');
    expect(of(job('push', withPath + upload('src/')), 'persisted-checkout-credentials')).toHaveLength(1);
    expect(of(job('push', withPath + upload('dist/')), 'persisted-checkout-credentials')).toEqual([]);
  });

  it('grades by upload-artifact and checkout version', () => {
    // 4.0–4.3 and before 3.2 uploaded hidden files by default; floating v3/v4 tags are the newest releases, which do not.
    expect(of(job('push', checkout() + upload('.', 'v4.3.6')), 'persisted-checkout-credentials')[0]?.severity).toBe('HIGH');
    expect(of(job('push', checkout() + upload('.', `${'b'.repeat(40)} # v3.1.3`)), 'persisted-checkout-credentials')[0]?.severity).toBe('HIGH');
    expect(of(job('push', checkout() + upload('.', 'v3')), 'persisted-checkout-credentials')[0]?.severity).toBe('MEDIUM');
    expect(of(job('push', checkout() + upload('.')), 'persisted-checkout-credentials')[0]?.severity).toBe('MEDIUM');
    const v6 = '      - uses: actions/checkout@v6\n';
    expect(of(job('push', v6 + upload('.')), 'persisted-checkout-credentials')[0]?.severity).toBe('LOW');
  });

  it('reports any non-opted-out checkout in privileged workflows at LOW, not an explicit true', () => {
    expect(of(job('pull_request_target', `${checkout()}      - run: make lint\n`), 'persisted-checkout-credentials').map((f) => f.severity)).toEqual(['LOW']);
    expect(of(job('pull_request_target', `${checkout('        with:\n          persist-credentials: true\n')}      - run: git push\n`), 'persisted-checkout-credentials')).toEqual([]);
    expect(of(job('push', `${checkout()}      - run: make lint\n`), 'persisted-checkout-credentials')).toEqual([]);
  });
});

describe('known-vulnerable-action', () => {
  const uses = (ref: string) => wf('pull_request', `      - uses: ${ref}\n`);
  it.each([
    ['tj-actions/changed-files@v40', true],
    ['tj-actions/changed-files@v41', false],
    ['tj-actions/changed-files@v40.2.2', true],
    [`tj-actions/changed-files@${'c'.repeat(40)} # v39.1.0`, true],
    [`tj-actions/changed-files@${'c'.repeat(40)}`, false],
    [`tj-actions/changed-files@${'c'.repeat(40)} # tag=v40.1.0`, true],
    [`tj-actions/changed-files@${'c'.repeat(40)} # pin @v40.1.0`, true],
    ['tj-actions/branch-names@v7.0.6', true],
    ['tj-actions/branch-names@v7.0.7', false],
    ['actions/download-artifact@v4', false],
    ['actions/download-artifact@v4.1.2', true],
    ['actions/download-artifact@v4.1.3', false],
    ['actions/download-artifact@v3', false],
  ])('%s: %s', (ref, reported) => {
    expect(of(uses(ref), 'known-vulnerable-action')).toHaveLength(reported ? 1 : 0);
  });
});

describe('smaller audits', () => {
  it('spoofable bot conditions in all spellings, not other actors', () => {
    const text = wf(
      'pull_request_target',
      `      - if: github.actor == 'dependabot[bot]'
        run: echo 1
      - if: \${{ github['ACTOR'] == 'renovate[bot]' && github.repository == 'a/b' }}
        run: echo 2
      - if: github.actor_id == 49699333
        run: echo 3
      - if: github.actor == 'octocat'
        run: echo 4
      - if: github.event.pull_request.user.login == 'dependabot[bot]'
        run: echo 5
`,
    );
    expect(of(text, 'spoofable-bot-condition').map((f) => `${f.severity}@${f.line}`)).toEqual(['HIGH@8', 'HIGH@10', 'HIGH@12']);
  });

  it('toJSON(secrets) anywhere, not single secrets or toJSON of one', () => {
    const text = wf(
      'push',
      `      - run: ./x
        env:
          A: \${{ format('{0}', toJSON(secrets)) }}
          B: \${{ toJSON(secrets.ONE) }}
          C: \${{ secrets.TWO }}
          # D: \${{ toJSON(secrets) }}
`,
    );
    expect(of(text, 'overprovisioned-secrets').map((f) => f.line)).toEqual([10]);
  });

  it('ACTIONS_ALLOW_UNSECURE_COMMANDS set true at any level, not false', () => {
    expect(of(wf('push', '      - run: echo hi\n        env:\n          ACTIONS_ALLOW_UNSECURE_COMMANDS: "true"\n'), 'insecure-commands')).toHaveLength(1);
    expect(of(wf('push', '      - run: echo hi\n', 'env:\n  ACTIONS_ALLOW_UNSECURE_COMMANDS: true\n'), 'insecure-commands')).toHaveLength(1);
    expect(of(wf('push', '      - run: echo hi\n        env:\n          ACTIONS_ALLOW_UNSECURE_COMMANDS: false\n'), 'insecure-commands')).toEqual([]);
  });

  it('obfuscated uses paths and constant expressions', () => {
    const text = wf(
      'push',
      `      - uses: actions/checkout////@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
        with:
          persist-credentials: false
      - uses: github/codeql-action/./init@b8d3b6e8af63cde30bdc382c0bc28114f4346c88 # v2.28.1
      - uses: actions/cache/../../save@0057852bfaa89a56745cba8c7296529d2fc39830 # v4.3.0
        with:
          path: x
          key: \${{ hashFiles('x') }}
      - run: echo \${{ format('{0}', 'abc') }} \${{ github.sha }}
`,
    );
    expect(at(text, 'obfuscation')).toEqual(['MEDIUM@8:15', 'MEDIUM@11:15', 'MEDIUM@12:15', 'LOW@16:19']);
    const local = wf('push', '      - uses: ./.github/actions/setup\n      - uses: ././/.github/actions/setup\n      - uses: ./.github/actions/../actions/setup\n');
    expect(of(local, 'obfuscation').map((f) => f.line)).toEqual([9, 10]);
  });

  it('always-true if conditions', () => {
    expect(unsound('${{ false }}')).toBe(false);
    expect(unsound('false')).toBe(false);
    expect(unsound('${{ false }}\n')).toBe(true);
    expect(unsound('${{ false }} ')).toBe(true);
    expect(unsound('true && ${{ false }}')).toBe(true);
    expect(unsound('${{ a }} && ${{ b }}')).toBe(true);
    const text = wf('push', '      - if: |\n          ${{ false }}\n        run: echo a\n      - if: |-\n          ${{ false }}\n        run: echo b\n      - if: >\n          ${{ false }}\n        run: echo c\n');
    expect(of(text, 'unsound-condition').map((f) => f.line)).toEqual([8, 14]);
  });
});

describe('held-out batch 3 fixes', () => {
  it('reads the base branch and the repository as fixed when written to GITHUB_ENV', () => {
    const text = wf(
      'pull_request_target',
      `      - run: |
          echo "BASE=\${{ github.event.pull_request.base.ref }}" >> "$GITHUB_ENV"
          echo "BASE2=\${{ github.base_ref }}" >> "$GITHUB_ENV"
          echo "REPO=\${{ github.event.repository.default_branch }}" >> "$GITHUB_ENV"
          echo "HEAD=\${{ github.event.pull_request.head.ref }}" >> "$GITHUB_ENV"
`,
    );
    expect(of(text, 'untrusted-env-write').map((f) => f.line)).toEqual([12]);
  });

  it('skips caches whose condition limits them to pull-request events, not when or-ed with a release test', () => {
    const steps = (cond: string) => `      - uses: actions/cache@v4\n        if: ${cond}\n        with:\n          path: ~/.m2\n          key: m2\n      - run: mvn -B deploy\n`;
    const tags = "\n  push:\n    tags: ['v*']\n  pull_request:";
    expect(of(wf(tags, steps("github.event_name == 'pull_request'")), 'cache-poisoning')).toEqual([]);
    expect(of(wf(tags, steps("github.event_name == 'pull_request' || startsWith(github.ref, 'refs/tags/')")), 'cache-poisoning')).toHaveLength(1);
    expect(of(wf(tags, steps("github.event_name == 'push'")), 'cache-poisoning')).toHaveLength(1);
  });

  it('reports spoofable bot checks in composite actions', () => {
    const action = "name: a\ndescription: a\nruns:\n  using: composite\n  steps:\n    - if: github.actor == 'dependabot[bot]'\n      shell: bash\n      run: echo bot\n";
    expect(at(action, 'spoofable-bot-condition', 'action.yml')).toEqual(['MEDIUM@6:11']);
  });
});
