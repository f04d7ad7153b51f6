/**
 * Poetry lockfiles (`poetry.lock`, TOML): one `[[package]]` table per locked package.
 *
 * - `category = "dev"` (lock 1.x) or `groups` without `main` (Poetry 2) marks dev packages.
 * - `[package.source]` gives the source kind: git, url, file, directory (→ path); `legacy`
 *   (a private index) stays `registry` with the index URL as `resolved`.
 * - The first file hash becomes `integrity`.
 * - poetry.lock does not say which packages the project declares, so every package is
 *   `direct: false`; the engine upgrades the ones pyproject.toml declares.
 */
import type { ExtractedPackage, ExtractResult, Extractor, PackageSourceKind } from '../../types.js';
import { normalisePypiName } from '../pep508.js';
import { isObj, named, type Obj, str } from '../shared.js';
import { packageTables, type PackageTable } from '../toml.js';


const SOURCE_KINDS: Readonly<Record<string, PackageSourceKind>> = Object.freeze({
  git: 'git', url: 'url', file: 'file', directory: 'path', legacy: 'registry',
});

function isDev(pkg: Obj): boolean | undefined {
  if (pkg.category === 'dev') return true;
  if (pkg.category === 'main') return false;
  if (Array.isArray(pkg.groups)) return !pkg.groups.includes('main');
  return undefined;
}

function firstHash(pkg: Obj): string | undefined {
  const files = pkg.files;
  if (!Array.isArray(files)) return undefined;
  for (const file of files) {
    if (isObj(file) && str(file.hash)) return str(file.hash);
  }
  return undefined;
}

function toPackage(path: string, { table: pkg, name, line }: PackageTable): ExtractedPackage {
  const source = isObj(pkg.source) ? pkg.source : undefined;
  const kind = source ? (SOURCE_KINDS[str(source.type) ?? ''] ?? 'url') : 'registry';
  const url = source ? str(source.url) : undefined;
  const dev = isDev(pkg);
  const version = str(pkg.version);
  const integrity = firstHash(pkg);
  return {
    ecosystem: 'PyPI', name: normalisePypiName(name), direct: false, path, line, source: kind,
    ...(version ? { version } : {}),
    ...(dev === undefined ? {} : { dev }),
    ...(url ? { resolved: url } : {}),
    ...(integrity ? { integrity } : {}),
  };
}

export const extractor: Extractor = {
  id: 'poetry-lock',
  docs: {
    files: '`poetry.lock`',
    notes: 'lock 1.x and 2.x; dev groups; git/url/file/directory sources; hashes',
  },
  ecosystem: 'PyPI',
  ...named('poetry.lock'),
  extract(path: string, text: string): ExtractResult {
    const { failed, named, warnings } = packageTables(path, text);
    if (failed) return failed;
    return { kind: 'lockfile', packages: named.map((p) => toPackage(path, p)), warnings };
  },
  // Poetry 2 groups: a package outside `main` is dev; the lockfile does not say what is direct.
  examples: [{ path: 'poetry.lock', text: '[[package]]\nname = "certifi"\nversion = "2024.2.2"\ngroups = ["main"]\n\n[[package]]\nname = "pytest"\nversion = "8.0.0"\ngroups = ["dev"]\n', packages: ['certifi@2024.2.2 indirect prod line 1', 'pytest@8.0.0 indirect dev line 6'] }],
};
