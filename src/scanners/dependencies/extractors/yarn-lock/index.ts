import { parse } from 'yaml';
import type { ExtractedPackage, ExtractResult, Extractor } from '../../types.js';
import { stringField } from '../json-keys.js';
import { parseAlias, resolvedSource, specSource, splitNameAt } from '../npm-spec.js';
import { readLockfileYaml } from '../lockfile-yaml.js';
import { failure, isObj, neverThrows, named } from '../shared.js';
import { ClassicSyntaxError, parseClassic, unquote } from './classic.js';

/**
 * yarn.lock, classic (v1) and Berry (v2+, YAML with `__metadata`).
 * Berry records each workspace as an entry with its dependencies, so direct = a descriptor a
 * workspace lists. Classic has no root entry: a package counts as direct when one of its
 * descriptors is not required by any other entry (limitation: a direct dependency whose exact
 * descriptor another package also requires is reported as transitive). Neither format marks
 * dev-only packages, so `dev` is left unset.
 */
export const extractor: Extractor = {
  id: 'yarn-lock',
  docs: {
    files: '`yarn.lock`',
    notes: 'classic (v1) and Berry (v2+); resolution and checksum',
  },
  ecosystem: 'npm',
  ...named('yarn.lock'),
  extract: neverThrows('lockfile', extractYarnLock),
  // Classic lockfiles have no root: a descriptor no other entry requires is direct.
  examples: [{ path: 'yarn.lock', text: '# yarn lockfile v1\n\n\ndebug@^4.3.4:\n  version "4.3.4"\n  resolved "https://registry.yarnpkg.com/debug/-/debug-4.3.4.tgz#1319f6579357f2338d3337d2cdd4914bb5dcc865"\n  dependencies:\n    ms "2.1.2"\n\nms@2.1.2:\n  version "2.1.2"\n  resolved "https://registry.yarnpkg.com/ms/-/ms-2.1.2.tgz#d09d1f357b443f493382a8eb3ccd183872ae6009"\n', packages: ['debug@4.3.4 direct line 4', 'ms@2.1.2 indirect line 10'] }],
};

function extractYarnLock(path: string, text: string): ExtractResult {
  try {
    const packages = /^__metadata:/m.test(text) ? readBerry(path, text) : readClassic(path, text);
    return { kind: 'lockfile', packages, warnings: [] };
  } catch (err) {
    const what = err instanceof ClassicSyntaxError ? err.message : `invalid lockfile (${(err as Error).message})`;
    return failure('lockfile', path, what);
  }
}

function readClassic(path: string, text: string): ExtractedPackage[] {
  const entries = parseClassic(text);
  const required = new Set<string>();
  for (const entry of entries) for (const dep of entry.deps) required.add(dep);
  const out: ExtractedPackage[] = [];
  for (const entry of entries) {
    const spec = entry.specs[0] ?? '';
    // A header may name a package without a range (`lodash:`, as `yarn add lodash` once wrote it): any version.
    const first = splitNameAt(spec) ?? (/^(?:@[\w.-]+\/)?[\w.-]+$/.test(spec) ? { name: spec, rest: '' } : undefined);
    if (first === undefined) throw new ClassicSyntaxError(`line ${entry.line}: cannot read a package name`);
    const alias = parseAlias(first.rest);
    const range = alias ? alias.range : first.rest;
    const resolved = entry.fields.get('resolved');
    const integrity = entry.fields.get('integrity');
    const version = entry.fields.get('version');
    const specKind = specSource(range);
    out.push({
      ecosystem: 'npm',
      name: alias ? alias.name : first.name,
      ...(version !== undefined && { version }),
      direct: entry.specs.some((spec) => !required.has(spec)),
      path,
      line: entry.line,
      source: specKind === 'registry' ? resolvedSource(resolved) : specKind,
      ...(resolved !== undefined && { resolved }),
      ...(integrity !== undefined && { integrity }),
    });
  }
  return out;
}

function readBerry(path: string, text: string): ExtractedPackage[] {
  // Yarn writes one document in the subset lockfile-yaml.ts reads; anything else goes to the yaml library.
  const read = readLockfileYaml(text);
  const doc: unknown = read?.length === 1 ? read[0]?.doc : parse(text, { schema: 'failsafe', maxAliasCount: 100 });
  if (!isObj(doc)) throw new Error('top level is not a mapping');
  const lines = headerLines(text);
  const entries: [string, Record<string, unknown>][] = [];
  for (const [key, value] of Object.entries(doc)) if (key !== '__metadata' && isObj(value)) entries.push([key, value]);
  const direct = new Set<string>();
  for (const [, entry] of entries) {
    if (!stringField(entry, 'resolution')?.includes('@workspace:') || !isObj(entry.dependencies)) continue;
    for (const [name, value] of Object.entries(entry.dependencies)) {
      const range = scalar(value) ?? '';
      direct.add(`${name}@${range}`);
      const patched = unpatch(range);
      if (patched !== undefined) direct.add(patched);
    }
  }
  const out: ExtractedPackage[] = [];
  for (const [key, entry] of entries) {
    const pkg = berryPackage(path, key, entry, direct, lines.get(key) ?? 1);
    if (pkg) out.push(pkg);
  }
  return out;
}

function berryPackage(
  path: string, key: string, entry: Record<string, unknown>, direct: Set<string>, line: number,
): ExtractedPackage | undefined {
  const resolution = splitNameAt(stringField(entry, 'resolution') ?? '');
  if (resolution === undefined) return undefined;
  const protocol = /^([a-z+-]+):/.exec(resolution.rest)?.[1] ?? '';
  if (protocol === 'workspace' || protocol === 'patch') return undefined; // the project itself; a patched copy of another entry
  const version = scalar(entry.version);
  const checksum = stringField(entry, 'checksum');
  const registry = protocol === 'npm';
  return {
    ecosystem: 'npm',
    name: resolution.name,
    ...(version !== undefined && { version }),
    direct: key.split(',').some((spec) => direct.has(spec.trim())),
    path,
    line,
    source: registry ? 'registry' : specSource(resolution.rest),
    ...(!registry && { resolved: resolution.rest }),
    ...(checksum !== undefined && { integrity: checksum }),
  };
}

/** The failsafe schema reads every scalar as text; anything else is not a scalar. */
function scalar(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** `patch:resolve@npm%3A^1.22.8#…` → the patched descriptor `resolve@npm:^1.22.8`. */
function unpatch(range: string): string | undefined {
  if (!range.startsWith('patch:')) return undefined;
  const inner = range.slice('patch:'.length).split('#')[0] ?? '';
  try {
    return decodeURIComponent(inner);
  } catch {
    return undefined;
  }
}

/** Line of each top-level key (`"a@npm:^1, a@npm:^1.1":` at column 0), one pass. */
function headerLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let lineNo = 0;
  for (const line of text.split('\n')) {
    lineNo += 1;
    const trimmed = line.trimEnd();
    if (trimmed === '' || /^[\s#]/.test(trimmed) || !trimmed.endsWith(':')) continue;
    lines.set(unquote(trimmed.slice(0, -1)), lineNo);
  }
  return lines;
}
