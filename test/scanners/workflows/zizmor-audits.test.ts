/** The rules that match zizmor audits Vigil had no equivalent for: positives and the tricky negatives. */
import { describe, expect, it } from 'vitest';
import { redact } from '../../../src/engine/pipeline/redact.js';
import { scanWorkflowFile } from '../../../src/scanners/workflows/scanner.js';

const WF = '.github/workflows/ci.yml';
const of = (text: string, rule: string) => scanWorkflowFile(WF, text).filter((f) => f.ruleId === rule);
const lines = (text: string, rule: string) => of(text, rule).map((f) => [f.line, f.severity]);

/** A push workflow with one job whose body is `body` (indented four spaces). */
const workflow = (body: string, on = 'push') => `on: ${on}\npermissions:\n  contents: read\njobs:\n  test:\n    runs-on: ubuntu-latest\n${body}    steps:\n      - run: make test\n`;

describe('unpinned-container-image', () => {
  const digest = `sha256:${'ab'.repeat(32)}`;

  it('reports images without a tag or with latest (MEDIUM) and plain tags (LOW), in containers and services', () => {
    const text = workflow(
      [
        '    container:',
        '      image: ghcr.io/example/build',
        '    services:',
        '      redis:',
        '        image: redis:latest',
        '      db:',
        '        image: postgres:16.4',
        '',
      ].join('\n'),
    );
    expect(lines(text, 'unpinned-container-image')).toEqual([
      [8, 'MEDIUM'],
      [11, 'MEDIUM'],
      [13, 'LOW'],
    ]);
  });

  it('reads the string form of container', () => {
    expect(lines(workflow('    container: node\n'), 'unpinned-container-image')).toEqual([[7, 'MEDIUM']]);
    expect(lines(workflow('    container: node:20\n'), 'unpinned-container-image')).toEqual([[7, 'LOW']]);
  });

  it('does not report digests, empty images or images computed by expressions', () => {
    const text = workflow(
      [
        `    container: node:20@${digest}`,
        '    services:',
        `      a:\n        image: fake.example.com/redis@${digest}`,
        '      b:\n        image: ""',
        "      c:\n        image: ${{ inputs.use-redis == 'true' && 'redis:7' || '' }}",
        '      d:\n        image: ${{ inputs.image }}',
        '',
      ].join('\n'),
    );
    expect(of(text, 'unpinned-container-image')).toEqual([]);
  });

  it('checks each value of a matrix key used as the image, where the matrix lists it', () => {
    const text = [
      'on: push',
      'permissions: {}',
      'jobs:',
      '  test:',
      '    runs-on: ubuntu-latest',
      '    container: ${{ matrix.container }}',
      '    strategy:',
      '      matrix:',
      "        container: ['']",
      '        include:',
      '          - container: python:3.13-bullseye',
      '          - container: python',
      `          - container: python@${digest}`,
      '          - os: ubuntu-24.04',
      '    steps:',
      '      - run: true',
      '',
    ].join('\n');
    expect(lines(text, 'unpinned-container-image')).toEqual([
      [11, 'LOW'],
      [12, 'MEDIUM'],
    ]);
  });

  it('leaves docker:// steps to unpinned-action', () => {
    const text = 'on: push\npermissions: {}\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: docker://ubuntu\n';
    expect(of(text, 'unpinned-container-image')).toEqual([]);
    expect(of(text, 'unpinned-action')).toHaveLength(1);
  });
});

describe('hardcoded-container-credentials', () => {
  // Built at run time: no credential-shaped literal in the test source.
  const password = ['pull', 'pass', 'word', '7'].join('-');
  const digest = `sha256:${'cd'.repeat(32)}`;

  it('reports literal passwords of containers and services, with the password as the finding secret', () => {
    const text = workflow(
      [
        '    container:',
        `      image: registry.example.com/build@${digest}`,
        '      credentials:',
        '        username: ci',
        `        password: ${password}`,
        '    services:',
        '      db:',
        `        image: registry.example.com/db@${digest}`,
        '        credentials:',
        '          username: ci',
        `          password: "${password}"`,
        '',
      ].join('\n'),
    );
    const findings = of(text, 'hardcoded-container-credentials');
    expect(findings.map((f) => [f.line, f.severity])).toEqual([
      [11, 'HIGH'],
      [17, 'HIGH'],
    ]);
    for (const f of findings) {
      expect(f.secret).toBe(password);
      expect(f.description).not.toContain(password);
      expect(f.title).not.toContain(password);
      expect(f.remediation).not.toContain(password);
      expect(f.description).toContain('registry.example.com');
      expect(JSON.stringify(redact(f, []))).not.toContain(password);
    }
    expect(findings[0]?.evidence).toBe('password: [REDACTED]');
    expect(findings[1]?.evidence).toBe('password: "[REDACTED]"');
  });

  it('does not report passwords given by an expression, or credentials without a password', () => {
    const text = workflow(
      [
        '    container:',
        `      image: ghcr.io/example/build@${digest}`,
        '      credentials:',
        '        username: ${{ github.actor }}',
        '        password: ${{ secrets.GHCR_TOKEN }}',
        '    services:',
        '      a:',
        `        image: ghcr.io/example/db@${digest}`,
        '        credentials:',
        '          username: ci',
        '          password: ${{ github.token }}',
        '      b:',
        `        image: ghcr.io/example/db@${digest}`,
        '        credentials:',
        '          username: ci',
        '',
      ].join('\n'),
    );
    expect(of(text, 'hardcoded-container-credentials')).toEqual([]);
  });
});

describe('unsound-contains', () => {
  const steps = (...conds: string[]) =>
    `on: [push, pull_request_target]\npermissions: {}\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n${conds.map((c) => `      - run: echo hi\n        if: ${c}\n`).join('')}`;

  it('reports a string literal searched for a context, with severity by who controls the context', () => {
    const text = steps(
      "${{ contains('refs/heads/main refs/heads/develop', github.ref) }}",
      "${{ contains('main,develop', env.GITHUB_REF_NAME) }}",
      "contains('main,prod', github.ref_name) || contains('longusername anotherlongusername', github.actor) == true",
      "contains('runner1,runner2', runner.name)",
      "CONTAINS( 'a b' , github.event.pull_request.head.ref )",
      "contains('alice bob', github.event.pull_request.user.login)",
    );
    expect(lines(text, 'unsound-contains')).toEqual([
      [8, 'MEDIUM'],
      [10, 'MEDIUM'],
      [12, 'MEDIUM'],
      [12, 'HIGH'],
      [14, 'LOW'],
      [16, 'HIGH'],
      [18, 'HIGH'],
    ]);
    const f = of(text, 'unsound-contains')[0];
    expect(f?.column).toBe(17);
    expect(f?.description).toContain('substring');
  });

  it('does not report arrays, contexts as the haystack or literal needles', () => {
    const text = steps(
      "contains(fromJSON('[\"refs/heads/main\", \"refs/heads/develop\"]'), github.ref)",
      "${{ contains(fromJson('[\"main\",\"dev\"]'), github.ref_name) }}",
      "contains(github.event.pull_request.labels.*.name, 'safe to test')",
      "contains(github.event.head_commit.message, '[skip ci]')",
      "contains(some.context.*.foo, github.ref_name)",
      "contains('a b', 'a')",
      "github.ref == 'refs/heads/main'",
    );
    expect(of(text, 'unsound-contains')).toEqual([]);
  });
});

describe('use-trusted-publishing', () => {
  const job = (permissions: string, stepsText: string) =>
    `on: push\npermissions:\n  contents: read\njobs:\n  release:\n    runs-on: ubuntu-latest\n${permissions}    steps:\n${stepsText}`;
  const OIDC = '    permissions:\n      contents: read\n      id-token: write\n';

  it('reports publishing actions given a stored credential', () => {
    const text = job(
      '',
      [
        '      - uses: pypa/gh-action-pypi-publish@release/v1',
        '        with:',
        '          password: ${{ secrets.PYPI_TOKEN }}',
        '      - uses: pypa/gh-action-pypi-publish@release/v1',
        '        with:',
        '          password: ${{ secrets.TEST_PYPI_TOKEN }}',
        '          repository-url: https://test.pypi.org/legacy/',
        '      - uses: rubygems/release-gem@v1',
        '        with:',
        '          setup-trusted-publisher: false',
        '      - uses: rubygems/configure-rubygems-credentials@v1',
        '        with:',
        '          api-token: ${{ secrets.RUBYGEMS_API_TOKEN }}',
        '',
      ].join('\n'),
    );
    expect(lines(text, 'use-trusted-publishing')).toEqual([
      [10, 'LOW'],
      [13, 'LOW'],
      [17, 'LOW'],
      [20, 'LOW'],
    ]);
  });

  it('does not report those actions without a credential, or for registries it knows nothing about', () => {
    const text = job(
      OIDC,
      [
        '      - uses: pypa/gh-action-pypi-publish@release/v1',
        '      - uses: pypa/gh-action-pypi-publish@release/v1',
        '        with:',
        '          password: ${{ secrets.PRIVATE_INDEX }}',
        '          repository-url: https://pypi.example.com/legacy/',
        '      - uses: rubygems/release-gem@v1',
        '      - uses: rubygems/configure-rubygems-credentials@v1',
        '        with:',
        '          api-token: ${{ secrets.TOKEN }}',
        '          gem-server: https://gems.example.com',
        '',
      ].join('\n'),
    );
    expect(of(text, 'use-trusted-publishing')).toEqual([]);
  });

  it('reports publishing commands run with a token from secrets, at the command, also across continuation lines', () => {
    const text = job(
      OIDC,
      [
        '      - run: npm publish --provenance --access public',
        '        env:',
        '          NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}',
        '      - run: |',
        '          cargo +nightly \\',
        '            publish --allow-dirty',
        '        env:',
        '          CARGO_REGISTRY_TOKEN: ${{ secrets.CARGO_REGISTRY_TOKEN }}',
        '      - run: twine upload -p "$PYPI" dist/*',
        '        env:',
        '          PYPI: ${{ secrets.PYPI_TOKEN }}',
        '      - run: dotnet nuget push pkg.nupkg --api-key ${{ secrets.NUGET_KEY }} --source https://api.nuget.org/v3/index.json',
        '      - run: bundle exec gem push pkg.gem',
        '        env:',
        '          GEM_HOST_API_KEY: ${{ secrets.RUBYGEMS_KEY }}',
        '',
      ].join('\n'),
    );
    expect(lines(text, 'use-trusted-publishing')).toEqual([
      [11, 'LOW'],
      [15, 'LOW'],
      [19, 'LOW'],
      [22, 'LOW'],
      [23, 'LOW'],
    ]);
  });

  it('reports a publishing command in a job that cannot request an OIDC token at INFO', () => {
    const text = job('    permissions: {}\n', '      - run: gem push foo-0.1.0.gem\n      - run: python -m twine upload dist/*\n');
    expect(lines(text, 'use-trusted-publishing')).toEqual([
      [9, 'INFO'],
      [10, 'INFO'],
    ]);
  });

  it('does not report dry runs, OIDC-minted tokens, other registries, or token-less publishing with id-token: write', () => {
    const text = job(
      OIDC,
      [
        '      - run: npm publish --provenance',
        '      - run: cargo publish --dry-run',
        '        env:',
        '          CARGO_REGISTRY_TOKEN: ${{ secrets.CARGO_REGISTRY_TOKEN }}',
        '      - run: cargo publish -n',
        '        env:',
        '          CARGO_REGISTRY_TOKEN: ${{ secrets.CARGO_REGISTRY_TOKEN }}',
        '      - run: cargo publish',
        '        env:',
        '          CARGO_REGISTRY_TOKEN: ${{ steps.auth.outputs.token }}',
        '      - run: npm publish --registry https://npm.pkg.github.com',
        '        env:',
        '          NODE_AUTH_TOKEN: ${{ secrets.GITHUB_TOKEN }}',
        '      - run: dotnet nuget push pkg.nupkg --api-key "${NUGET_API_KEY}" --source https://www.nuget.org/api/v2/package',
        '        env:',
        '          NUGET_API_KEY: ${{ steps.login.outputs.NUGET_API_KEY }}',
        '      - run: uv publish -v wheels/*',
        '      - run: echo "npm test"',
        '',
      ].join('\n'),
    );
    expect(of(text, 'use-trusted-publishing')).toEqual([]);
  });
});

describe('dangerous-triggers', () => {
  const body = 'permissions:\n  contents: read\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "$NUMBER"\n        env:\n          NUMBER: ${{ github.event.pull_request.number }}\n';

  it('reports pull_request_target and workflow_run at the trigger, in every form of on:', () => {
    expect(lines(`on: pull_request_target\n${body}`, 'dangerous-triggers')).toEqual([[1, 'MEDIUM']]);
    expect(lines(`on: [push, workflow_run]\n${body}`, 'dangerous-triggers')).toEqual([[1, 'MEDIUM']]);
    const text = `on:\n  pull_request_target:\n    branches: [main]\n  workflow_run:\n    workflows: [ci]\n    types: [completed]\n${body}`;
    expect(lines(text, 'dangerous-triggers')).toEqual([
      [2, 'MEDIUM'],
      [4, 'MEDIUM'],
    ]);
  });

  it('does not report other triggers', () => {
    for (const on of ['pull_request', 'issue_comment', 'issues', '[push, workflow_dispatch]', 'workflow_call']) {
      expect(of(`on: ${on}\n${body}`, 'dangerous-triggers'), on).toEqual([]);
    }
  });

  it('leaves a workflow that checks out pull request code to dangerous-checkout', () => {
    const text = [
      'on: pull_request_target',
      'permissions:',
      '  contents: read',
      'jobs:',
      '  a:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      `      - uses: actions/checkout@${'1'.repeat(40)}`,
      '        with:',
      '          ref: ${{ github.event.pull_request.head.sha }}',
      '          persist-credentials: false',
      '      - run: npm test',
      '',
    ].join('\n');
    expect(of(text, 'dangerous-triggers')).toEqual([]);
    expect(of(text, 'dangerous-checkout')).toHaveLength(1);
  });

  it('does not report a workflow whose only steps are actions/labeler', () => {
    const text = `on: pull_request_target\npermissions:\n  pull-requests: write\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/labeler@${'2'.repeat(40)}\n`;
    expect(of(text, 'dangerous-triggers')).toEqual([]);
  });
});

describe('unredacted-secrets', () => {
  const envs = (...values: string[]) =>
    `on: push\npermissions: {}\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: ./deploy.sh\n        env:\n${values.map((v, i) => `          V${i}: ${v}\n`).join('')}`;

  it('reports secrets parsed as JSON, with or without a field', () => {
    const text = envs('${{ fromJSON(secrets.password) }}', '${{ fromJson(secrets.otherstuff).field }}', "${{ fromjson(secrets['CREDS'])['user'] }}");
    expect(lines(text, 'unredacted-secrets')).toEqual([
      [9, 'MEDIUM'],
      [10, 'MEDIUM'],
      [11, 'MEDIUM'],
    ]);
    expect(of(text, 'unredacted-secrets')[1]?.description).toContain('`field`');
  });

  it('does not report plain secrets, fromJSON of other contexts, or comments', () => {
    const text = envs('${{ secrets.PASSWORD }}', "${{ fromJSON(vars.CONFIG).region }}", "${{ fromJSON('[\"a\"]') }}", '${{ toJSON(steps.x.outputs) }}');
    expect(of(text, 'unredacted-secrets')).toEqual([]);
    expect(of(`${envs('ok')}# \${{ fromJSON(secrets.X).y }}\n`, 'unredacted-secrets')).toEqual([]);
  });
});
