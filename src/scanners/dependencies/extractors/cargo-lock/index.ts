/**
 * Cargo lockfiles (`Cargo.lock`, TOML, versions 1–4): one `[[package]]` per crate.
 *
 * - `source = "registry+<url>"` / `"sparse+<url>"` → `registry` (the index URL as
 *   `resolved`, so other registries are visible); `"git+<url>#<rev>"` → `git`.
 * - Crates without a source are local: the workspace's own crates (listed by no other
 *   crate) are not reported; local crates that others depend on are `source: 'path'`.
 * - `direct` = listed in `dependencies` of a workspace crate; `checksum` → `sha256:<hex>`.
 */
import { parse } from 'smol-toml';
import { tableHeaderLines } from '../poetry-lock/index.js';
import type { ExtractedPackage, ExtractResult, Extractor, PackageSourceKind } from '../../types.js';

type Table = Record<string, unknown>;

function isTable(value: unknown): value is Table {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** `"serde"`, `"serde 1.0.1"` or `"serde 1.0.1 (registry+…)"` → `serde`. */
function depNames(pkg: Table): string[] {
  const deps = pkg.dependencies;
  if (!Array.isArray(deps)) return [];
  return deps.map((d) => (typeof d === 'string' ? d.trim().split(/\s+/)[0] ?? '' : '')).filter((d) => d.length > 0);
}

function sourceOf(source: string | undefined): { source: PackageSourceKind; resolved?: string } {
  if (!source) return { source: 'path' };
  const plus = source.indexOf('+');
  const scheme = plus < 0 ? source : source.slice(0, plus);
  const location = plus < 0 ? undefined : source.slice(plus + 1);
  const kind: PackageSourceKind = scheme === 'git' ? 'git' : scheme === 'registry' || scheme === 'sparse' ? 'registry' : 'url';
  return { source: kind, ...(location ? { resolved: location } : {}) };
}

function failure(path: string, what: string): ExtractResult {
  return { kind: 'lockfile', packages: [], warnings: [`${path}: ${what}`] };
}

export const extractor: Extractor = {
  id: 'cargo-lock',
  ecosystem: 'crates.io',
  matches(path: string): boolean {
    return (path.split(/[/\\]/).pop() ?? '') === 'Cargo.lock';
  },
  extract(path: string, text: string): ExtractResult {
    let doc: Table;
    try {
      doc = parse(text);
    } catch (error) {
      return failure(path, `not valid TOML (${(error as Error).message.split('\n')[0]})`);
    }
    const raw = doc.package ?? [];
    if (!Array.isArray(raw)) return failure(path, '"package" is not an array of tables');
    const entries = raw.filter(isTable);
    const depended = new Set<string>();
    const direct = new Set<string>();
    for (const pkg of entries) {
      const names = depNames(pkg);
      for (const name of names) depended.add(name);
      if (pkg.source === undefined) for (const name of names) direct.add(name);
    }
    const lines = tableHeaderLines(text, 'package');
    const packages: ExtractedPackage[] = [];
    const warnings: string[] = [];
    for (const [index, entry] of raw.entries()) {
      const line = lines[index] ?? 1;
      const name = isTable(entry) ? str(entry.name) : undefined;
      if (!isTable(entry) || !name) {
        warnings.push(`${path}:${line}: package entry without a name`);
        continue;
      }
      const source = str(entry.source);
      if (!source && !depended.has(name)) continue; // a workspace crate: the project itself
      const version = str(entry.version);
      const checksum = str(entry.checksum);
      packages.push({
        ecosystem: 'crates.io', name, direct: direct.has(name), path, line, ...sourceOf(source),
        ...(version ? { version } : {}),
        ...(checksum ? { integrity: `sha256:${checksum}` } : {}),
      });
    }
    return { kind: 'lockfile', packages, warnings };
  },
};
