/**
 * Known vulnerability in a dependency: raise the version the manifest declares
 * to the lowest fixed version the finding names. The finding may point at the
 * manifest or at its lockfile; the manifest next to it is edited (one file,
 * every other byte kept). Lockfiles are never edited: each holds what only the
 * package manager can write (integrity hashes of the new version, or a new
 * resolution of its dependencies), so the pull request names the command that
 * regenerates it.
 */
import { AppError } from '../../core/errors.js';
import type { Finding } from '../../core/findings.js';
import { KNOWN_VULNERABILITY_RULE } from '../../scanners/dependencies/advisories/findings.js';
import type { Ecosystem } from '../../scanners/dependencies/types.js';
import {
  applyReplacements,
  editCargoToml,
  editComposerJson,
  editGemfile,
  editGoMod,
  editPackageJson,
  editPipfile,
  editPomXml,
  editPyproject,
  editRequirements,
  type EditResult,
} from './dependency-edits.js';
import type { Fixer, FixOutcome, RepoSnapshot } from './types.js';

/** How known-vulnerability titles read: `<package>@<version>: <advisory id>`. */
export const DEPENDENCY_TITLE_PATTERN = '<package>@<version>: <advisory id>';
const TITLE = /^(.+)@([^@\s]+): (\S+)$/;
const FIXED_IN = / is fixed in (\S+): upgrade /;
/**
 * What a fixed version and an advisory id may look like. The finding comes from the client, and
 * the version is written into the manifest: nothing but version characters may get there.
 */
const VERSION_TEXT = /^v?[0-9][0-9A-Za-z.+_~!-]{0,63}$/;
const ADVISORY_TEXT = /^[A-Za-z][A-Za-z0-9._:-]{0,99}$/;

interface Lockfile {
  readonly name: string;
  /** The command that regenerates it after the manifest changed. */
  readonly command: (pkg: string, fixed: string) => string;
}

interface ManifestKind {
  readonly ecosystem: Ecosystem;
  /** File name of the manifest, in the folder of the file the finding points at. */
  readonly manifest: string;
  readonly edit: (text: string, name: string, fixed: string) => EditResult;
  readonly lockfiles: readonly Lockfile[];
}

const NPM: ManifestKind = {
  ecosystem: 'npm',
  manifest: 'package.json',
  edit: editPackageJson,
  lockfiles: [
    { name: 'package-lock.json', command: () => 'npm install --package-lock-only' },
    { name: 'npm-shrinkwrap.json', command: () => 'npm install --package-lock-only' },
    { name: 'yarn.lock', command: () => 'yarn install' },
    { name: 'pnpm-lock.yaml', command: () => 'pnpm install --lockfile-only' },
    { name: 'bun.lock', command: () => 'bun install' },
  ],
};
const PYPROJECT: ManifestKind = {
  ecosystem: 'PyPI',
  manifest: 'pyproject.toml',
  edit: editPyproject,
  lockfiles: [
    { name: 'poetry.lock', command: () => 'poetry lock --no-update  # Poetry 2: poetry lock' },
    { name: 'uv.lock', command: (pkg) => `uv lock --upgrade-package ${pkg}` },
    { name: 'pdm.lock', command: (pkg) => `pdm update --no-sync ${pkg}` },
  ],
};
const PIPFILE: ManifestKind = { ecosystem: 'PyPI', manifest: 'Pipfile', edit: editPipfile, lockfiles: [{ name: 'Pipfile.lock', command: () => 'pipenv lock' }] };
const GO: ManifestKind = { ecosystem: 'Go', manifest: 'go.mod', edit: editGoMod, lockfiles: [{ name: 'go.sum', command: () => 'go mod tidy' }] };
const CARGO: ManifestKind = { ecosystem: 'crates.io', manifest: 'Cargo.toml', edit: editCargoToml, lockfiles: [{ name: 'Cargo.lock', command: (pkg) => `cargo update -p ${pkg}` }] };
const GEMFILE: ManifestKind = { ecosystem: 'RubyGems', manifest: 'Gemfile', edit: editGemfile, lockfiles: [{ name: 'Gemfile.lock', command: (pkg) => `bundle update --conservative ${pkg}` }] };
const GEMS_RB: ManifestKind = { ...GEMFILE, manifest: 'gems.rb', lockfiles: [{ name: 'gems.locked', command: (pkg) => `bundle update --conservative ${pkg}` }] };
const COMPOSER: ManifestKind = {
  ecosystem: 'Packagist',
  manifest: 'composer.json',
  edit: editComposerJson,
  lockfiles: [{ name: 'composer.lock', command: (pkg) => `composer update ${pkg} --with-dependencies` }],
};
const MAVEN: ManifestKind = { ecosystem: 'Maven', manifest: 'pom.xml', edit: editPomXml, lockfiles: [] };

/** The manifest kind for the file a finding points at (a manifest or its lockfile). */
const BY_FILE: Readonly<Record<string, ManifestKind>> = {
  'package.json': NPM,
  'package-lock.json': NPM,
  'npm-shrinkwrap.json': NPM,
  'yarn.lock': NPM,
  'pnpm-lock.yaml': NPM,
  'bun.lock': NPM,
  'pyproject.toml': PYPROJECT,
  'poetry.lock': PYPROJECT,
  'uv.lock': PYPROJECT,
  'pdm.lock': PYPROJECT,
  Pipfile: PIPFILE,
  'Pipfile.lock': PIPFILE,
  'go.mod': GO,
  'go.sum': GO,
  'Cargo.toml': CARGO,
  'Cargo.lock': CARGO,
  Gemfile: GEMFILE,
  'Gemfile.lock': GEMFILE,
  'gems.rb': GEMS_RB,
  'gems.locked': GEMS_RB,
  'composer.json': COMPOSER,
  'composer.lock': COMPOSER,
  'pom.xml': MAVEN,
};

/** A requirements file is its own lock: the finding's file is the one edited. */
const REQUIREMENTS: ManifestKind = { ecosystem: 'PyPI', manifest: '', edit: editRequirements, lockfiles: [] };

interface Target {
  readonly name: string;
  readonly version: string;
  readonly advisory: string;
  readonly fixed: string | undefined;
  readonly path: string;
}

function notSupported(why: string): AppError {
  return new AppError('bad_request', `Finding not supported: ${why}; use POST /v1/fix for an AI-generated fix`);
}

function parse(finding: Finding): Target | undefined {
  const m = TITLE.exec(finding.title);
  const path = finding.location.path;
  if (m === null || path === undefined) return undefined;
  return { name: m[1] ?? '', version: m[2] ?? '', advisory: m[3] ?? '', fixed: FIXED_IN.exec(finding.remediation)?.[1]?.replace(/\.$/, ''), path };
}

/** Which manifest to edit for the file the finding points at. */
function manifestFor(path: string): { kind: ManifestKind; manifest: string; folder: string } | undefined {
  const slash = path.lastIndexOf('/');
  const folder = slash === -1 ? '' : path.slice(0, slash + 1);
  const file = path.slice(slash + 1);
  const kind = Object.prototype.hasOwnProperty.call(BY_FILE, file) ? BY_FILE[file] : /\.(?:txt|in)$/i.test(file) ? REQUIREMENTS : undefined;
  if (kind === undefined) return undefined;
  return { kind, manifest: kind === REQUIREMENTS ? path : `${folder}${kind.manifest}`, folder };
}

function isDependencyFinding(finding: Finding): boolean {
  if (finding.rule_id !== undefined) return finding.rule_id === KNOWN_VULNERABILITY_RULE;
  return finding.scanner_name === 'supply_chain' && TITLE.test(finding.title);
}

const code = (text: string) => `\`${text.replaceAll('`', "'")}\``;

async function lockfilesOf(repo: RepoSnapshot, kind: ManifestKind, folder: string): Promise<Lockfile[]> {
  const present: Lockfile[] = [];
  for (const lock of kind.lockfiles) if ((await repo.read(`${folder}${lock.name}`)) !== undefined) present.push(lock);
  return present;
}

export const DEPENDENCY_UPGRADE_FIXER: Fixer = {
  id: 'dependency-upgrade',
  rules: [KNOWN_VULNERABILITY_RULE],
  titles: [],
  ruleIds: [KNOWN_VULNERABILITY_RULE],
  titlePattern: DEPENDENCY_TITLE_PATTERN,
  description:
    'Raises the vulnerable dependency in its manifest (package.json, requirements file, pyproject.toml, Pipfile, go.mod, Cargo.toml, Gemfile, composer.json, pom.xml) to the lowest fixed version, keeping the operator; the pull request names the command that regenerates the lockfile.',
  matches: isDependencyFinding,
  incomplete(finding) {
    if (finding.location.path === undefined) return 'finding.location.path is missing (the manifest or lockfile that declares the package)';
    if (!TITLE.test(finding.title)) return `finding.title must read "${DEPENDENCY_TITLE_PATTERN}"`;
    return undefined;
  },
  async fix(finding, repo): Promise<FixOutcome> {
    const target = parse(finding);
    if (target === undefined) throw notSupported('the finding does not name a package, version and advisory');
    const { name, version, advisory, fixed, path } = target;
    if (!ADVISORY_TEXT.test(advisory)) throw notSupported(`"${advisory.slice(0, 100)}" is not an advisory id`);
    if (fixed !== undefined && !VERSION_TEXT.test(fixed)) throw notSupported(`the remediation's fixed version "${fixed.slice(0, 64)}" is not a version`);
    if (fixed === undefined) throw notSupported(`no fixed version of ${name} is named for ${advisory} (the finding's remediation says none is published)`);
    if (name === 'stdlib') throw notSupported(`${advisory} is in the Go standard library: build with Go ${fixed} or later (raise the go or toolchain line of go.mod)`);
    const where = manifestFor(path);
    if (where === undefined) throw notSupported(`Vigil does not edit the manifest of ${path}`);
    const { kind, manifest, folder } = where;
    const file = await repo.read(manifest);
    if (file === undefined) {
      if (manifest === path) return { kind: 'gone', reason: `${path} is not on ${repo.ref}` };
      throw notSupported(`${path} has no ${kind.manifest} beside it to edit`);
    }
    const text = file.content.toString('utf8');
    const locks = await lockfilesOf(repo, kind, folder);
    const regenerate = locks.map((l) => `${folder}${l.name}: ${code(l.command(name, fixed))}`);
    const result = kind.edit(text, name, fixed);
    if (result.kind === 'already') {
      const more = regenerate.length > 0 ? ` (regenerate ${regenerate.join(', ')} if it still holds ${version})` : '';
      return { kind: 'gone', reason: `${manifest} on ${repo.ref} already requires ${name} "${result.declared}", which excludes ${version}${more}` };
    }
    if (result.kind === 'unsupported') {
      const transitive = /not declared there/.test(result.reason)
        ? `${name} is not declared in ${manifest}: it is a transitive dependency, so upgrade the package that requires it, or pin it with an override or resolution`
        : `${result.reason} (in ${manifest})`;
      throw notSupported(transitive);
    }
    const content = applyReplacements(text, result.replacements);
    const changes = result.replacements
      .slice()
      .sort((a, b) => a.line - b.line)
      .map((r) => `${code(r.before)} → ${code(r.after)} (line ${r.line})`)
      .join(', ');
    const major = (v: string) => /^v?(\d+)/.exec(v)?.[1];
    const breaking = major(fixed) !== undefined && major(fixed) !== major(version);
    const lockSection =
      locks.length > 0
        ? [
            '## Regenerate the lockfile',
            '',
            `Vigil does not edit lockfiles: the new version's integrity hashes and dependencies come from the registry. Check out this branch, run the command below and commit the result, or the lockfile keeps installing ${name} ${version}:`,
            '',
            '```sh',
            ...locks.map((l) => `${folder === '' ? '' : `cd ${folder.slice(0, -1)} && `}${l.command(name, fixed)}   # updates ${l.name}`),
            '```',
          ].join('\n')
        : kind === REQUIREMENTS && /pip-compile|uv pip compile/.test(text.slice(0, 2000))
          ? ['## Generated file', '', `${manifest} was generated by pip-compile: make the same change in its source (\`.in\`) file, or re-run \`pip-compile --upgrade-package ${name}==${fixed}\`, so the next compile keeps it.`].join('\n')
          : undefined;
    const sections = [
      [
        '## Why',
        '',
        `${advisory} affects ${name} ${version} (${kind.ecosystem}); ${fixed} is the lowest version the advisory no longer lists as affected. ${(finding.description.split('. References:')[0] ?? '').slice(0, 600)}`.trim(),
      ].join('\n'),
      ...(lockSection === undefined ? [] : [lockSection]),
      [
        '## Before merging',
        '',
        breaking
          ? `This is a **major version upgrade** (${version} → ${fixed}): read ${name}'s changelog for breaking changes and run the tests.`
          : 'Run the tests: a patch or minor release should be compatible, but check its changelog.',
      ].join('\n'),
    ];
    return {
      kind: 'fixed',
      change: {
        patch: { path: manifest, content: Buffer.from(content, 'utf8'), baseSha: file.sha },
        summary: `Raised ${name} from ${version} to ${fixed} in \`${manifest}\` (${changes}), fixing ${advisory}.`,
        advice:
          locks.length > 0
            ? `Regenerate the lockfile on the branch before merging (${regenerate.join('; ')}): Vigil does not edit lockfiles.`
            : `No lockfile to regenerate${breaking ? '; this is a major version upgrade, so check the changelog' : ''}.`,
        commitMessage: `Upgrade ${name} to ${fixed} (${advisory})\n\n${advisory} affects ${name} ${version}. ${manifest}: ${changes.replaceAll('`', '')}.`,
        prTitle: `Upgrade ${name} to ${fixed} (${advisory})`,
        prSections: sections,
      },
    };
  },
};
