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
import { parse } from 'smol-toml';
import { normalisePypiName } from '../requirements-txt/pep508.js';
import type { ExtractedPackage, ExtractResult, Extractor, PackageSourceKind } from '../../types.js';

type Table = Record<string, unknown>;

function isTable(value: unknown): value is Table {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** 1-based lines of each `[[package]]` header, in file order. */
export function tableHeaderLines(text: string, header: string): number[] {
  const lines: number[] = [];
  const pattern = new RegExp(`^\\s*\\[\\[\\s*${header.replace('.', '\\.')}\\s*\\]\\]\\s*(?:#.*)?$`);
  for (const [index, line] of text.split('\n').entries()) {
    if (pattern.test(line)) lines.push(index + 1);
  }
  return lines;
}

const SOURCE_KINDS: Readonly<Record<string, PackageSourceKind>> = Object.freeze({
  git: 'git', url: 'url', file: 'file', directory: 'path', legacy: 'registry',
});

function isDev(pkg: Table): boolean | undefined {
  if (pkg.category === 'dev') return true;
  if (pkg.category === 'main') return false;
  if (Array.isArray(pkg.groups)) return !pkg.groups.includes('main');
  return undefined;
}

function firstHash(pkg: Table): string | undefined {
  const files = pkg.files;
  if (!Array.isArray(files)) return undefined;
  for (const file of files) {
    if (isTable(file) && str(file.hash)) return str(file.hash);
  }
  return undefined;
}

function toPackage(path: string, line: number, pkg: Table): ExtractedPackage | undefined {
  const name = str(pkg.name);
  if (!name) return undefined;
  const source = isTable(pkg.source) ? pkg.source : undefined;
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
  ecosystem: 'PyPI',
  matches(path: string): boolean {
    return (path.split(/[/\\]/).pop() ?? '') === 'poetry.lock';
  },
  extract(path: string, text: string): ExtractResult {
    let doc: Table;
    try {
      doc = parse(text);
    } catch (error) {
      return { kind: 'lockfile', packages: [], warnings: [`${path}: not valid TOML (${(error as Error).message.split('\n')[0]})`] };
    }
    const entries = doc.package;
    if (entries !== undefined && !Array.isArray(entries)) {
      return { kind: 'lockfile', packages: [], warnings: [`${path}: "package" is not an array of tables`] };
    }
    const lines = tableHeaderLines(text, 'package');
    const packages: ExtractedPackage[] = [];
    const warnings: string[] = [];
    for (const [index, entry] of (entries ?? []).entries()) {
      const line = lines[index] ?? 1;
      const pkg = isTable(entry) ? toPackage(path, line, entry) : undefined;
      if (pkg) packages.push(pkg);
      else warnings.push(`${path}:${line}: package entry without a name`);
    }
    return { kind: 'lockfile', packages, warnings };
  },
};
