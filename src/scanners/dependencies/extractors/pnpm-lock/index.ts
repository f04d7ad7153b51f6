import { parseAllDocuments } from 'yaml';
import type { ExtractedPackage, ExtractResult, Extractor, PackageSourceKind } from '../../types.js';
import { stringField } from '../json-keys.js';
import { resolvedSource } from '../npm-spec.js';
import { failure, isObj, neverThrows, named } from '../shared.js';
import { packageLines, pathId, refPath, splitId, type Layout } from './keys.js';
import { readLockfileYaml } from '../lockfile-yaml.js';

/**
 * pnpm-lock.yaml, lockfile 5.x (pnpm 7), 6.x (pnpm 8) and 9.x (pnpm 9+).
 * One package per `packages` key (peer variants of one version are one package). Direct =
 * referenced by an importer (`importers`, or the top-level sections of a single-project
 * lockfile). Dev: the `dev` flag before v9; from v9 on, reachability over `snapshots`.
 */
const SECTIONS = ['dependencies', 'optionalDependencies', 'devDependencies'] as const;

export const extractor: Extractor = {
  id: 'pnpm-lock',
  docs: {
    files: '`pnpm-lock.yaml`',
    notes: 'lockfile 5.4, 6.x and 9.x; importers for direct dependencies; integrity; local `file:` folders and tarballs by their own name and version, peer suffixes dropped; the environment document pnpm 10/11 writes first (pnpm itself, config dependencies) is skipped for the project document',
  },
  ecosystem: 'npm',
  ...named('pnpm-lock.yaml'),
  extract: neverThrows('lockfile', extractPnpmLock),
  // Importers name the direct packages; from v9 dev is reachability over snapshots.
  examples: [{ path: 'pnpm-lock.yaml', text: 'lockfileVersion: \'9.0\'\n\nimporters:\n  .:\n    dependencies:\n      debug:\n        specifier: ^4.3.4\n        version: 4.3.4\n\npackages:\n  debug@4.3.4:\n    resolution: {integrity: sha512-AAAA}\n  ms@2.1.2:\n    resolution: {integrity: sha512-BBBB}\n\nsnapshots:\n  debug@4.3.4:\n    dependencies:\n      ms: 2.1.2\n  ms@2.1.2: {}\n', packages: ['debug@4.3.4 direct prod line 11', 'ms@2.1.2 indirect prod line 13'] }],
};

function extractPnpmLock(path: string, text: string): ExtractResult {
  const main = mainDocument(text);
  if ('error' in main) return failure('lockfile', path, main.error);
  const doc = main.doc;
  const major = Number.parseFloat(stringField(doc, 'lockfileVersion') ?? '');
  if (!Number.isFinite(major)) return failure('lockfile', path, 'no lockfileVersion');
  const layout: Layout = major < 6 ? 'v5' : major < 9 ? 'v6' : 'v9';
  const v5 = layout === 'v5';
  const importers = isObj(doc.importers) ? Object.values(doc.importers).filter(isObj) : [doc];
  const direct = new Set<string>();
  for (const importer of importers) {
    for (const section of SECTIONS) for (const ref of refs(importer[section], layout)) direct.add(pathId(ref, v5));
  }
  const devOnly = layout === 'v9' && isObj(doc.snapshots) ? devReachability(importers, doc.snapshots) : undefined;
  const lines = packageLines(text.slice(main.start), lineOf(text, main.start) - 1);
  const packages: ExtractedPackage[] = [];
  const seen = new Set<string>();
  const entries = isObj(doc.packages) ? Object.entries(doc.packages) : [];
  for (const [key, entry] of entries) {
    const id = pathId(key, v5);
    if (!isObj(entry)) continue;
    const parsed = splitId(id, v5);
    const name = stringField(entry, 'name') ?? parsed.name;
    // Before v9 a local folder or tarball has only its path as key: without a `name` there is no package to name.
    if (name.startsWith('file:')) continue;
    const version = stringField(entry, 'version') ?? parsed.version;
    // Peer variants of one version are one package; so are two keys of one local folder.
    const identity = `${name}\u0000${version ?? id}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    const resolution = isObj(entry.resolution) ? entry.resolution : {};
    const { source, resolved } = where(resolution);
    const integrity = stringField(resolution, 'integrity');
    const dev = devOnly ? devOnly.get(id) : flag(entry.dev);
    packages.push({
      ecosystem: 'npm',
      name,
      ...(version !== undefined && { version }),
      direct: direct.has(id),
      ...(dev !== undefined && { dev }),
      path,
      line: lines.get(key) ?? 1,
      source,
      ...(resolved !== undefined && { resolved }),
      ...(integrity !== undefined && { integrity }),
    });
  }
  return { kind: 'lockfile', packages, warnings: [] };
}

/**
 * The lockfile document. pnpm 10.x/11 with `configDependencies` or `packageManagerDependencies` writes two YAML
 * documents into pnpm-lock.yaml: first an environment lockfile (pnpm itself and its config dependencies, each
 * with its own `importers`/`packages`), then, after `---`, the project's lockfile. The project's document is the
 * last one whose importers carry dependency sections; a file with one document is read as before.
 */
function mainDocument(text: string): { doc: Record<string, unknown>; start: number } | { error: string } {
  // The shapes pnpm writes are read directly (lockfile-yaml.ts); anything else goes to the yaml library.
  const read = readLockfileYaml(text) ?? libraryDocuments(text);
  if ('error' in read) return read;
  const candidates = read.map(({ doc, start }) => ({ doc, start, env: isEnvDocument(doc) }));
  if (candidates.length === 0) return { error: 'top level is not a mapping' };
  const chosen = candidates.filter((c) => !c.env).at(-1) ?? candidates.at(-1);
  return chosen === undefined ? { error: 'top level is not a mapping' } : { doc: chosen.doc, start: chosen.start };
}

/** Every non-empty document, through the yaml library (failsafe schema: scalars stay strings). */
function libraryDocuments(text: string): { doc: Record<string, unknown>; start: number }[] | { error: string } {
  let docs;
  try {
    docs = parseAllDocuments(text, { schema: 'failsafe' });
  } catch (err) {
    return { error: `invalid YAML (${firstLine(err)})` };
  }
  const list = Array.isArray(docs) ? docs : [];
  const out: { doc: Record<string, unknown>; start: number }[] = [];
  for (const document of list) {
    const error = document.errors[0];
    if (error !== undefined) return { error: `invalid YAML (${firstLine(error)})` };
    let value: unknown;
    try {
      value = document.toJS({ maxAliasCount: 100 });
    } catch (err) {
      return { error: `invalid YAML (${firstLine(err)})` };
    }
    if (value === null || value === undefined) continue;
    if (!isObj(value)) return { error: 'top level is not a mapping' };
    out.push({ doc: value, start: document.range[0] });
  }
  return out;
}

/** The environment document: importers that hold only pnpm's own `configDependencies`/`packageManagerDependencies`. */
function isEnvDocument(doc: Record<string, unknown>): boolean {
  if (!isObj(doc.importers)) return false;
  const importers = Object.values(doc.importers);
  return (
    importers.length > 0 &&
    importers.every((importer) => isObj(importer) && Object.keys(importer).every((key) => ENV_SECTIONS.has(key))) &&
    importers.some((importer) => isObj(importer) && Object.keys(importer).length > 0)
  );
}

const ENV_SECTIONS = new Set(['configDependencies', 'packageManagerDependencies']);

function firstLine(err: unknown): string {
  return ((err as Error).message ?? String(err)).split('\n')[0] ?? '';
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
}

/** Dependency paths of one `name: version` (v5) or `name: {specifier, version}` (v6+) map. */
function refs(section: unknown, layout: Layout): string[] {
  if (!isObj(section)) return [];
  const out: string[] = [];
  for (const [name, value] of Object.entries(section)) {
    const version = typeof value === 'string' ? value : isObj(value) ? stringField(value, 'version') : undefined;
    const ref = version === undefined ? undefined : refPath(name, version, layout);
    if (ref !== undefined) out.push(ref);
  }
  return out;
}

/** v9: id → true when only devDependencies reach it, false when a production dependency does. */
function devReachability(importers: Record<string, unknown>[], snapshots: Record<string, unknown>): Map<string, boolean> {
  const result = new Map<string, boolean>();
  const walk = (start: string[], dev: boolean): void => {
    const stack = [...start];
    const visited = new Set<string>();
    for (let key = stack.pop(); key !== undefined; key = stack.pop()) {
      if (visited.has(key)) continue;
      visited.add(key);
      const id = pathId(key, false);
      if (!dev || !result.has(id)) result.set(id, dev);
      const snap = snapshots[key];
      if (!isObj(snap)) continue;
      stack.push(...refs(snap.dependencies, 'v9'), ...refs(snap.optionalDependencies, 'v9'));
    }
  };
  const prod: string[] = [];
  const dev: string[] = [];
  for (const importer of importers) {
    prod.push(...refs(importer.dependencies, 'v9'), ...refs(importer.optionalDependencies, 'v9'));
    dev.push(...refs(importer.devDependencies, 'v9'));
  }
  walk(prod, false);
  walk(dev, true);
  return result;
}

function where(resolution: Record<string, unknown>): { source: PackageSourceKind; resolved?: string } {
  const tarball = stringField(resolution, 'tarball');
  const repo = stringField(resolution, 'repo');
  if (repo !== undefined) {
    const commit = stringField(resolution, 'commit');
    return { source: 'git', resolved: commit === undefined ? repo : `${repo}#${commit}` };
  }
  if (tarball !== undefined) return { source: resolvedSource(tarball), resolved: tarball };
  const directory = stringField(resolution, 'directory');
  if (directory !== undefined) return { source: 'file', resolved: directory };
  return { source: 'registry' };
}

function flag(value: unknown): boolean | undefined {
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

