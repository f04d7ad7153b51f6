import { describe, expect, it } from 'vitest';
import { classifyPath, MAX_WORKFLOW_BYTES, scanner, scanWorkflowFile } from '../../../src/scanners/workflows/scanner.js';

const WF = '.github/workflows/ci.yml';
const ids = (path: string, text: string) => scanWorkflowFile(path, text).map((f) => f.ruleId);
const of = (path: string, text: string, rule: string) => scanWorkflowFile(path, text).filter((f) => f.ruleId === rule);

/** 1-based line and column of the n-th occurrence of needle in text. */
function where(text: string, needle: string, nth = 0): { line: number; column: number } {
  let at = text.indexOf(needle);
  for (let i = 0; i < nth; i++) at = text.indexOf(needle, at + 1);
  if (at === -1) throw new Error(`not found: ${needle}`);
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

describe('paths', () => {
  it('handles workflows under the root .github/workflows and action metadata anywhere', () => {
    expect(classifyPath('.github/workflows/ci.yml')).toBe('workflow');
    expect(classifyPath('.github/workflows/nested/release.yaml')).toBe('workflow');
    expect(classifyPath('./.github/workflows/ci.yml')).toBe('workflow');
    expect(classifyPath('action.yml')).toBe('action');
    expect(classifyPath('.github/actions/setup/action.yaml')).toBe('action');
    expect(classifyPath('packages/app/.github/workflows/ci.yml')).toBeUndefined();
    expect(classifyPath('.github/workflows/README.md')).toBeUndefined();
    expect(classifyPath('.github/dependabot.yml')).toBeUndefined();
    expect(classifyPath('src/index.ts')).toBeUndefined();
    expect(classifyPath('docker-compose.yml')).toBeUndefined();
    expect(classifyPath('my-action.yml')).toBeUndefined();
  });

  it('ignores other files even when they contain workflow text', () => {
    const text = 'on: issues\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "${{ github.event.issue.title }}"\n';
    expect(scanner.scanFile({ path: 'docs/example.yml', text })).toEqual([]);
    expect(scanner.scanFile({ path: 'nested/.github/workflows/x.yml', text })).toEqual([]);
    expect(scanner.scanFile({ path: WF, text }).length).toBeGreaterThan(0);
  });

  it('skips files over the size cap', () => {
    const text = 'on: issues\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "${{ github.event.issue.title }}"\n';
    expect(scanner.scanFile({ path: WF, text: text + '#'.repeat(MAX_WORKFLOW_BYTES) })).toEqual([]);
  });
});

describe('broken input', () => {
  it.each([
    ['unterminated flow sequence', 'on: [push\njobs:\n'],
    ['bad indentation', 'on: push\njobs:\n  a:\n    steps:\n  - run: x\n   - run: y\n'],
    ['two documents', 'on: push\n---\njobs: {}\n'],
    ['a scalar document', 'just text'],
    ['an empty file', ''],
    ['a list', '- a\n- b\n'],
    ['jobs that are not a map', 'on: push\njobs: [1, 2]\n'],
    ['steps that are not a list', 'on: issues\njobs:\n  a:\n    steps: nope\n'],
    ['alias loops and odd scalars', 'on: &x issues\njobs:\n  a:\n    runs-on: *x\n    steps:\n      - run: !!binary aGVsbG8=\n'],
  ])('returns [] or findings without throwing for %s', (_name, text) => {
    expect(() => scanner.scanFile({ path: WF, text })).not.toThrow();
    expect(Array.isArray(scanner.scanFile({ path: WF, text }))).toBe(true);
  });

  it('returns [] for YAML that does not parse', () => {
    expect(scanner.scanFile({ path: WF, text: 'on: [push\njobs:\n  a: {\n' })).toEqual([]);
    expect(scanner.scanFile({ path: 'action.yml', text: 'runs:\n  using: composite\n  steps: [\n' })).toEqual([]);
  });
});

describe('exact positions', () => {
  it('points at the expression inside a literal block scalar', () => {
    const text = [
      'name: greet',
      'on: issue_comment',
      'permissions:',
      '  contents: read',
      'jobs:',
      '  greet:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - name: greet',
      '        run: |',
      '          echo "hello"',
      '            echo "said: ${{ github.event.comment.body }}"',
      '          echo "${{ github.event.comment.body }}" > out.txt',
      '',
    ].join('\n');
    const findings = of(WF, text, 'template-injection');
    expect(findings.map((f) => [f.line, f.column])).toEqual([
      [12, 25],
      [13, 17],
    ]);
    expect(findings[0]).toMatchObject(where(text, '${{ github.event.comment.body }}', 0));
    expect(findings[1]).toMatchObject(where(text, '${{ github.event.comment.body }}', 1));
    expect(findings[0]?.severity).toBe('HIGH');
    expect(findings[0]?.evidence).toBe('echo "said: ${{ github.event.comment.body }}"');
  });

  it('points at the expression in folded, quoted and plain scalars', () => {
    const text = [
      'on: pull_request_target',
      'permissions: {}',
      'jobs:',
      '  a:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - run: >-',
      '          echo',
      '          ${{ github.head_ref }}',
      '      - run: "echo \\"${{ github.event.pull_request.title }}\\""',
      "      - run: echo ${{ github.event.pull_request.body }}",
      '',
    ].join('\n');
    const findings = of(WF, text, 'template-injection');
    expect(findings.map((f) => [f.line, f.column])).toEqual([
      [9, 11],
      [10, 22],
      [11, 19],
    ]);
  });

  it('points at the uses value of an unpinned action and at the ref of a dangerous checkout', () => {
    const text = [
      'on: pull_request_target',
      'permissions:',
      '  contents: read',
      'jobs:',
      '  test:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - uses: actions/checkout@v4',
      '        with:',
      '          ref: "${{ github.event.pull_request.head.ref }}"',
      '      -   uses:   acme/setup-tool@main',
      '      - run: make test',
      '',
    ].join('\n');
    const unpinned = of(WF, text, 'unpinned-action');
    expect(unpinned.map((f) => [f.line, f.column, f.severity])).toEqual([
      [8, 15, 'INFO'],
      [11, 19, 'MEDIUM'],
    ]);
    expect(unpinned[1]?.remediation).toContain('acme/setup-tool@<full-commit-sha> # vX.Y.Z');
    const checkout = of(WF, text, 'dangerous-checkout');
    expect(checkout.map((f) => [f.line, f.column, f.severity])).toEqual([[10, 17, 'CRITICAL']]);
  });
});

describe('template-injection details', () => {
  const job = (on: string, run: string, extra = '') =>
    `on: ${on}\npermissions:\n  contents: read\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n${extra}      - run: ${run}\n`;

  it('grades by trigger: privileged HIGH, push MEDIUM, fork pull_request LOW', () => {
    expect(of(WF, job('issues', 'echo "${{ github.event.issue.body }}"'), 'template-injection')[0]?.severity).toBe('HIGH');
    expect(of(WF, job('push', 'echo "${{ github.event.head_commit.message }}"'), 'template-injection')[0]?.severity).toBe('MEDIUM');
    expect(of(WF, job('pull_request', 'echo "${{ github.head_ref }}"'), 'template-injection')[0]?.severity).toBe('LOW');
    expect(of(WF, job('workflow_dispatch', 'echo "${{ inputs.name }}"'), 'template-injection')[0]?.severity).toBe('LOW');
  });

  it('recognises index syntax, whole objects and case differences', () => {
    expect(of(WF, job('issues', `echo "\${{ github.event['issue']['title'] }}"`), 'template-injection')).toHaveLength(1);
    expect(of(WF, job('push', 'echo "${{ github.event.commits[0].message }}"'), 'template-injection')).toHaveLength(1);
    expect(of(WF, job('issues', 'echo \'${{ toJSON(github.event.issue) }}\''), 'template-injection')).toHaveLength(1);
    expect(of(WF, job('issues', 'echo "${{ GitHub.Event.Issue.Title }}"'), 'template-injection')).toHaveLength(1);
  });

  it('does not report contexts outsiders cannot shape', () => {
    for (const expr of ['github.event.issue.number', 'github.sha', 'github.event.pull_request.head.sha', 'github.repository', 'secrets.TOKEN', 'github.event.issue.user.id']) {
      expect(of(WF, job('issues', `echo "\${{ ${expr} }}"`), 'template-injection')).toEqual([]);
    }
  });

  it('follows env vars and step outputs set from tainted contexts, with lower confidence', () => {
    const viaEnv = job('issues', 'echo "${{ env.TITLE }}"').replace('jobs:', 'env:\n  TITLE: ${{ github.event.issue.title }}\njobs:');
    const envHit = of(WF, viaEnv, 'template-injection');
    expect(envHit).toHaveLength(1);
    expect(envHit[0]?.confidence).toBeLessThan(0.9);
    const viaStep = job(
      'pull_request_target',
      'echo "${{ steps.files.outputs.all_changed_files }}"',
      '      - id: files\n        uses: tj-actions/changed-files@ed68ef82c095e0d48ec87eccea555d944a631a4c # v46.0.5\n',
    );
    expect(of(WF, viaStep, 'template-injection')).toHaveLength(1);
    const untainted = job('issues', 'echo "${{ steps.version.outputs.value }}"', '      - id: version\n        run: echo "value=1.2.3" >> "$GITHUB_OUTPUT"\n');
    expect(of(WF, untainted, 'template-injection')).toEqual([]);
  });

  it('checks github-script scripts', () => {
    const text = `on: issue_comment
permissions:
  issues: write
jobs:
  a:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/github-script@60a0d83039c74a4aee543508d2ffcb1c3799cdea # v7.0.1
        with:
          script: |
            console.log("\${{ github.event.comment.body }}")
`;
    expect(of(WF, text, 'template-injection').map((f) => [f.line, f.column])).toEqual([[11, 26]]);
  });
});

describe('realistic workflows', () => {
  it('a typical pinned Node CI reports nothing', () => {
    const text = `name: CI
on:
  push:
    branches: [main]
  pull_request:
permissions:
  contents: read
concurrency:
  group: ci-\${{ github.ref }}
  cancel-in-progress: true
jobs:
  test:
    runs-on: \${{ matrix.os }}
    strategy:
      matrix:
        os: [ubuntu-latest, macos-latest]
        node: [20, 22]
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
        with:
          persist-credentials: false
      - uses: actions/setup-node@49933ea5288caeca8642d1e84afbd3f7d6820020 # v4.4.0
        with:
          node-version: \${{ matrix.node }}
          cache: npm
      - run: npm ci
      - run: npm test -- --reporter=dot
      - run: echo "Tested \${{ github.sha }} on \${{ matrix.os }}"
`;
    expect(scanWorkflowFile(WF, text)).toEqual([]);
  });

  it('the same CI with floating tags and no permissions reports only pinning and permissions', () => {
    const text = `name: CI
on: [push, pull_request]
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      - run: npm ci && npm test
`;
    const findings = scanWorkflowFile(WF, text);
    expect(findings.map((f) => `${f.ruleId}:${f.severity}`)).toEqual(['excessive-permissions:LOW', 'unpinned-action:INFO', 'unpinned-action:INFO']);
  });

  it('a release workflow that publishes with a cache, a self-hosted runner on push and curl | sh', () => {
    const text = `name: Release
on:
  push:
    tags: ['v*']
permissions:
  contents: write
  id-token: write
jobs:
  publish:
    runs-on: [self-hosted, linux]
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
        with:
          persist-credentials: false
      - uses: actions/cache@5a3ec84eff668545956fd18022155c47e93e2684 # v4.2.3
        with:
          path: ~/.npm
          key: npm-\${{ hashFiles('package-lock.json') }}
      - run: |
          curl -sSL https://example.dev/setup.sh \\
            | sudo bash -s -- --yes
          npm ci
          npm publish --provenance
      - uses: softprops/action-gh-release@v2
`;
    const findings = scanWorkflowFile(WF, text);
    expect(findings.map((f) => `${f.ruleId}:${f.severity}@${f.line}:${f.column}`)).toEqual([
      'cache-poisoning:HIGH@15:15',
      'curl-pipe-shell:MEDIUM@20:11',
      'unpinned-action:MEDIUM@24:15',
    ]);
  });

  it('a labeler on pull_request_target that never checks out head code: only the trigger itself is reported', () => {
    const text = `name: Labeler
on:
  pull_request_target:
    types: [opened, synchronize]
permissions:
  contents: read
  pull-requests: write
jobs:
  label:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/labeler@8558fd74291d67161a8a78ce36a881fa63b766a9 # v5.0.0
        with:
          repo-token: \${{ secrets.GITHUB_TOKEN }}
      - env:
          TITLE: \${{ github.event.pull_request.title }}
          NUMBER: \${{ github.event.pull_request.number }}
        run: echo "Labelled #$NUMBER: $TITLE"
`;
    expect(ids(WF, text)).toEqual(['dangerous-triggers']);
    // With actions/labeler as its only step, not even that.
    expect(scanWorkflowFile(WF, text.slice(0, text.indexOf('      - env:')))).toEqual([]);
  });

  it('the classic pwn request: comment-triggered checkout of the PR and a build', () => {
    const text = `on:
  issue_comment:
    types: [created]
jobs:
  test:
    if: github.event.issue.pull_request && contains(github.event.comment.body, '/test')
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
        with:
          ref: refs/pull/\${{ github.event.issue.number }}/head
      - run: npm ci && npm test
      - uses: actions/upload-artifact@ea165f8d65b6e75b540449e92b4886f43607fa02 # v4.6.2
        with:
          path: .
`;
    const found = ids(WF, text);
    expect(found).toContain('dangerous-checkout');
    expect(found).toContain('persisted-checkout-credentials');
    expect(found).toContain('excessive-permissions');
    expect(of(WF, text, 'dangerous-checkout')[0]?.severity).toBe('CRITICAL');
    expect(of(WF, text, 'persisted-checkout-credentials')[0]?.severity).toBe('HIGH');
    expect(of(WF, text, 'excessive-permissions')[0]?.severity).toBe('MEDIUM');
  });

  it('reports a self-hosted runner reached through the matrix', () => {
    const text = `on: pull_request
permissions:
  contents: read
jobs:
  t:
    runs-on: \${{ matrix.runner }}
    strategy:
      matrix:
        runner: [ubuntu-latest, self-hosted]
    steps:
      - run: make test
`;
    expect(of(WF, text, 'self-hosted-runner-untrusted').map((f) => [f.line, f.severity])).toEqual([[9, 'HIGH']]);
  });

  it('flags GITHUB_ENV heredocs and GITHUB_OUTPUT writes with the right severity', () => {
    const text = `on: issues
permissions:
  contents: read
jobs:
  a:
    runs-on: ubuntu-latest
    steps:
      - run: |
          cat >> "$GITHUB_ENV" <<EOF
          ISSUE_TITLE=\${{ github.event.issue.title }}
          EOF
          echo "title=\${{ github.event.issue.title }}" >> $GITHUB_OUTPUT
`;
    const findings = of(WF, text, 'untrusted-env-write');
    expect(findings.map((f) => [f.line, f.column, f.severity])).toEqual([
      [10, 23, 'HIGH'],
      [12, 23, 'MEDIUM'],
    ]);
  });
});

describe('known-compromised-action', () => {
  const step = (uses: string) => `on: push\npermissions:\n  contents: read\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: ${uses}\n`;

  it('is CRITICAL for moved tags and the malicious commit, silent for later releases', () => {
    expect(of(WF, step('tj-actions/changed-files@v35'), 'known-compromised-action')[0]?.severity).toBe('CRITICAL');
    expect(of(WF, step('tj-actions/changed-files@0e58ed8671d6b60d0890c21b07f8835ace038e67'), 'known-compromised-action')[0]?.confidence).toBe(1);
    expect(of(WF, step('reviewdog/action-setup@v1'), 'known-compromised-action')[0]?.severity).toBe('CRITICAL');
    expect(of(WF, step('reviewdog/action-setup@v1.3.0'), 'known-compromised-action')).toEqual([]);
    expect(of(WF, step('tj-actions/changed-files@v46.0.1'), 'known-compromised-action')).toEqual([]);
    expect(of(WF, step('reviewdog/action-shellcheck@v1'), 'known-compromised-action')[0]?.severity).toBe('HIGH');
  });

  it('tells the user to rotate secrets', () => {
    const [finding] = of(WF, step('tj-actions/changed-files@v45'), 'known-compromised-action');
    expect(finding?.remediation).toMatch(/rotate/i);
    expect(finding?.title).toContain('CVE-2025-30066');
  });
});

describe('actions metadata', () => {
  it('checks composite actions: inputs in run are MEDIUM, pinning applies', () => {
    const text = `name: deploy
description: deploy a build
inputs:
  environment:
    description: where
runs:
  using: composite
  steps:
    - uses: acme/helper@v1
    - shell: bash
      run: |
        ./deploy.sh "\${{ inputs.environment }}"
        echo "env=\${{ inputs.environment }}" >> "$GITHUB_ENV"
`;
    const findings = scanWorkflowFile('.github/actions/deploy/action.yml', text);
    expect(findings.map((f) => `${f.ruleId}:${f.severity}@${f.line}:${f.column}`)).toEqual([
      'unpinned-action:MEDIUM@9:13',
      'template-injection:MEDIUM@12:22',
      'template-injection:MEDIUM@13:19',
      'untrusted-env-write:MEDIUM@13:19',
    ]);
  });

  it('checks Docker actions for image digests and ignores JavaScript actions', () => {
    const docker = 'name: d\nruns:\n  using: docker\n  image: docker://alpine:3.20\n';
    expect(scanWorkflowFile('action.yml', docker).map((f) => `${f.ruleId}@${f.line}:${f.column}`)).toEqual(['unpinned-action@4:10']);
    const pinned = `name: d\nruns:\n  using: docker\n  image: docker://alpine@sha256:${'a'.repeat(64)}\n`;
    expect(scanWorkflowFile('action.yml', pinned)).toEqual([]);
    expect(scanWorkflowFile('action.yml', 'name: n\nruns:\n  using: node20\n  main: dist/index.js\n')).toEqual([]);
  });

  it('does not apply workflow-only rules to composite actions', () => {
    const text = 'name: x\nruns:\n  using: composite\n  steps:\n    - shell: bash\n      run: echo hi\n';
    expect(scanWorkflowFile('action.yaml', text)).toEqual([]);
  });
});

describe('secrets-inherit and permissions', () => {
  it('grades secrets: inherit by where the called workflow lives', () => {
    const call = (uses: string) => `on: push\npermissions:\n  contents: read\njobs:\n  c:\n    uses: ${uses}\n    secrets: inherit\n`;
    expect(of(WF, call('./.github/workflows/build.yml'), 'secrets-inherit')[0]?.severity).toBe('LOW');
    expect(of(WF, call(`org/wf/.github/workflows/b.yml@${'1'.repeat(40)}`), 'secrets-inherit')[0]?.severity).toBe('MEDIUM');
    expect(of(WF, call('org/wf/.github/workflows/b.yml@v1'), 'secrets-inherit')[0]?.severity).toBe('HIGH');
  });

  it('reports broad writes only on events outsiders start', () => {
    const perms = (on: string) => `on: ${on}\npermissions:\n  contents: write\n  pull-requests: write\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ok\n`;
    expect(of(WF, perms('pull_request_target'), 'excessive-permissions').map((f) => [f.line, f.column, f.severity])).toEqual([[3, 3, 'HIGH']]);
    expect(of(WF, perms('push'), 'excessive-permissions')).toEqual([]);
  });
});
