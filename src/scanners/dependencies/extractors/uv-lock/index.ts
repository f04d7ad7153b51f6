/**
 * uv lockfiles (`uv.lock`, TOML): one `[[package]]` table per package with a `source`
 * inline table (`registry`, `git`, `url`, `path`, `directory`, `editable`, `virtual`).
 *
 * - The project's own packages (`editable`/`virtual` sources) are the roots and are not
 *   reported; packages they list in `dependencies`, `optional-dependencies` or
 *   `dev-dependencies` are `direct`.
 * - A package reachable only through the roots' `dev-dependencies` is `dev`.
 * - The sdist (or first wheel) URL and hash become `resolved` and `integrity`.
 */
import type { ExtractedPackage, ExtractResult, Extractor, PackageSourceKind } from '../../types.js';
import { normalisePypiName } from '../pep508.js';
import { isObj, named, type Obj, str } from '../shared.js';
import { packageTables } from '../toml.js';

const ROOT_SOURCES = new Set(['editable', 'virtual']);
const SOURCE_KINDS: Readonly<Record<string, PackageSourceKind>> = Object.freeze({
  registry: 'registry', git: 'git', url: 'url', path: 'file', directory: 'path',
});

/** Names listed in a dependency array (`[{ name = "x" }, …]`). */
function depNames(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  const names: string[] = [];
  for (const dep of list) {
    const name = isObj(dep) ? str(dep.name) : undefined;
    if (name) names.push(normalisePypiName(name));
  }
  return names;
}

/** Names in every array of a group table (`[package.optional-dependencies]`, `[package.dev-dependencies]`). */
function groupNames(groups: unknown): string[] {
  return isObj(groups) ? Object.values(groups).flatMap(depNames) : [];
}

/** Every name reachable from `start` through `dependencies` and optional dependencies. */
function reachable(start: readonly string[], graph: ReadonlyMap<string, readonly string[]>): Set<string> {
  const seen = new Set<string>(start);
  const queue = [...start];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const dep of graph.get(next) ?? []) {
      if (!seen.has(dep)) {
        seen.add(dep);
        queue.push(dep);
      }
    }
  }
  return seen;
}

function sourceOf(pkg: Obj): { kind: PackageSourceKind; resolved?: string; integrity?: string } {
  const source = isObj(pkg.source) ? pkg.source : {};
  const [type, location] = Object.entries(source)[0] ?? ['registry', undefined];
  const kind = SOURCE_KINDS[type] ?? 'url';
  const sdist = isObj(pkg.sdist) ? pkg.sdist : undefined;
  const wheel = Array.isArray(pkg.wheels) && isObj(pkg.wheels[0]) ? pkg.wheels[0] : undefined;
  const artifact = sdist ?? wheel;
  const resolved = kind === 'registry' ? str(artifact?.url) ?? str(location) : str(location);
  const integrity = str(artifact?.hash);
  return { kind, ...(resolved ? { resolved } : {}), ...(integrity ? { integrity } : {}) };
}

function analyse(entries: readonly Obj[]): { direct: Set<string>; prod: Set<string>; all: Set<string> } {
  const graph = new Map<string, string[]>();
  const direct = new Set<string>();
  const prodRoots: string[] = [];
  const devRoots: string[] = [];
  for (const pkg of entries) {
    const name = normalisePypiName(str(pkg.name) ?? '');
    const deps = [...depNames(pkg.dependencies), ...groupNames(pkg['optional-dependencies'])];
    graph.set(name, [...(graph.get(name) ?? []), ...deps]);
    const source = isObj(pkg.source) ? Object.keys(pkg.source)[0] ?? '' : '';
    if (!ROOT_SOURCES.has(source)) continue;
    const dev = groupNames(pkg['dev-dependencies']);
    prodRoots.push(...deps);
    devRoots.push(...dev);
    for (const dep of [...deps, ...dev]) direct.add(dep);
  }
  return { direct, prod: reachable(prodRoots, graph), all: reachable([...prodRoots, ...devRoots], graph) };
}

export const extractor: Extractor = {
  id: 'uv-lock',
  docs: {
    files: '`uv.lock`',
    notes: 'registry, git, url and path sources; direct and dev from the project roots; hashes',
  },
  ecosystem: 'PyPI',
  ...named('uv.lock'),
  extract(path: string, text: string): ExtractResult {
    const { failed, tables, named, warnings } = packageTables(path, text);
    if (failed) return failed;
    const { direct, prod, all } = analyse(tables);
    const packages: ExtractedPackage[] = [];
    for (const { table: entry, name: rawName, line } of named) {
      const source = isObj(entry.source) ? Object.keys(entry.source)[0] ?? '' : '';
      if (ROOT_SOURCES.has(source)) continue;
      const name = normalisePypiName(rawName);
      const version = str(entry.version);
      const { kind, ...where } = sourceOf(entry);
      const dev = prod.has(name) ? false : all.has(name) ? true : undefined;
      packages.push({
        ecosystem: 'PyPI', name, direct: direct.has(name), path, line, source: kind,
        ...(version ? { version } : {}), ...(dev === undefined ? {} : { dev }), ...where,
      });
    }
    return { kind: 'lockfile', packages, warnings };
  },
  // The editable project is the root, not a package; what it lists is direct, its dev group dev.
  examples: [{ path: 'uv.lock', text: 'version = 1\n\n[[package]]\nname = "app"\nversion = "0.1.0"\nsource = { editable = "." }\ndependencies = [{ name = "idna" }]\n\n[package.dev-dependencies]\ndev = [{ name = "pytest" }]\n\n[[package]]\nname = "idna"\nversion = "3.6"\nsource = { registry = "https://pypi.org/simple" }\n\n[[package]]\nname = "pytest"\nversion = "8.0.0"\nsource = { registry = "https://pypi.org/simple" }\n', packages: ['idna@3.6 direct prod line 12', 'pytest@8.0.0 direct dev line 17'] }],
};
