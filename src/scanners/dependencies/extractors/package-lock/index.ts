import type { ExtractedPackage, ExtractResult, Extractor } from '../../types.js';
import { indexJsonKeys, stringField, type KeyIndex } from '../json-keys.js';
import { resolvedSource } from '../npm-spec.js';
import { failure, isObj, neverThrows, named } from '../shared.js';

/**
 * package-lock.json and npm-shrinkwrap.json, lockfile versions 1, 2 and 3.
 * v2/v3 read `packages` (keys `node_modules/a/node_modules/@s/b`); v1 (no `packages`) reads
 * the nested `dependencies` tree.
 */
const DEP_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const;
const FILES = new Set(['package-lock.json', 'npm-shrinkwrap.json']);

export const extractor: Extractor = {
  id: 'package-lock',
  docs: {
    files: '`package-lock.json`, `npm-shrinkwrap.json`',
    notes: 'lockfile v1 (nested tree), v2 and v3 (`packages`); resolved URL and integrity',
  },
  ecosystem: 'npm',
  ...named(...FILES),
  extract: neverThrows('lockfile', extractPackageLock),
  // The root entry is the project; what it declares is direct; `dev: true` marks dev-only installs.
  examples: [{ path: 'package-lock.json', text: '{\n  "name": "web",\n  "lockfileVersion": 3,\n  "packages": {\n    "": { "name": "web", "dependencies": { "debug": "^4.3.4" }, "devDependencies": { "vitest": "^3.0.0" } },\n    "node_modules/debug": { "version": "4.3.4", "dependencies": { "ms": "2.1.2" } },\n    "node_modules/ms": { "version": "2.1.2" },\n    "node_modules/vitest": { "version": "3.0.0", "dev": true }\n  }\n}\n', packages: ['debug@4.3.4 direct prod line 6', 'ms@2.1.2 indirect prod line 7', 'vitest@3.0.0 direct dev line 8'] }],
};

interface Ctx {
  readonly path: string;
  readonly keys: KeyIndex;
  readonly out: ExtractedPackage[];
}

function extractPackageLock(path: string, text: string): ExtractResult {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return failure('lockfile', path, `invalid JSON (${(err as Error).message})`);
  }
  if (!isObj(doc)) return failure('lockfile', path, 'top level is not an object');
  const ctx: Ctx = { path, keys: indexJsonKeys(text), out: [] };
  if (isObj(doc.packages)) readPackages(ctx, doc.packages);
  else if (isObj(doc.dependencies)) readV1(ctx, doc.dependencies);
  else if (doc.lockfileVersion === undefined) return failure('lockfile', path, 'no lockfileVersion, packages or dependencies');
  return { kind: 'lockfile', packages: ctx.out, warnings: [] };
}

/** v2/v3. Direct = the install a project (the root `""` or a workspace folder) resolves a name it lists to. */
function readPackages(ctx: Ctx, packages: Record<string, unknown>): void {
  const packagesLine = ctx.keys.line('packages', 1);
  const direct = directKeys(packages);
  for (const [key, entry] of Object.entries(packages)) {
    const cut = key.lastIndexOf('node_modules/');
    if (cut === -1 || !isObj(entry) || entry.link === true) continue; // projects and workspace links
    const name = stringField(entry, 'name') ?? key.slice(cut + 'node_modules/'.length);
    ctx.out.push(toPackage(ctx, name, entry, direct.has(key), ctx.keys.line(key, 2, packagesLine)));
  }
}

/** Node resolution: a project's own `<project>/node_modules/<name>` first, then the root's. */
function directKeys(packages: Record<string, unknown>): Set<string> {
  const keys = new Set<string>();
  for (const [projectKey, project] of Object.entries(packages)) {
    if (projectKey.includes('node_modules/') || !isObj(project)) continue;
    for (const field of DEP_FIELDS) {
      const deps = project[field];
      if (!isObj(deps)) continue;
      for (const name of Object.keys(deps)) {
        const own = projectKey === '' ? `node_modules/${name}` : `${projectKey}/node_modules/${name}`;
        keys.add(own in packages ? own : `node_modules/${name}`);
      }
    }
  }
  return keys;
}

/**
 * v1 has no root manifest entry, so a package counts as direct when it sits at the top of
 * the tree and no other entry `requires` it. Limitation: a direct dependency that another
 * package also requires is reported as transitive.
 */
function readV1(ctx: Ctx, top: Record<string, unknown>): void {
  const required = new Set<string>();
  collectRequires(top, required);
  walkV1(ctx, top, 2, ctx.keys.line('dependencies', 1), true, required);
}

function collectRequires(deps: Record<string, unknown>, into: Set<string>): void {
  for (const entry of Object.values(deps)) {
    if (!isObj(entry)) continue;
    if (isObj(entry.requires)) for (const name of Object.keys(entry.requires)) into.add(name);
    if (isObj(entry.dependencies)) collectRequires(entry.dependencies, into);
  }
}

function walkV1(ctx: Ctx, deps: Record<string, unknown>, depth: number, fromLine: number, top: boolean, required: Set<string>): void {
  for (const [name, entry] of Object.entries(deps)) {
    if (!isObj(entry)) continue;
    const line = ctx.keys.line(name, depth, fromLine);
    ctx.out.push(toPackage(ctx, name, entry, top && !required.has(name), line));
    if (isObj(entry.dependencies)) {
      const nestedLine = ctx.keys.line('dependencies', depth + 1, line);
      walkV1(ctx, entry.dependencies, depth + 2, nestedLine, false, required);
    }
  }
}

/** v1 writes an npm alias (`"alias": "npm:@scope/real@1.2.3"`) as the version: the real package and version. */
const V1_ALIAS = /^npm:((?:@[^/@\s]+\/)?[^/@\s]+)@([^\s]+)$/;

function toPackage(ctx: Ctx, key: string, entry: Record<string, unknown>, direct: boolean, line: number): ExtractedPackage {
  const alias = V1_ALIAS.exec(stringField(entry, 'version') ?? '');
  const name = alias?.[1] ?? key;
  const rawVersion = alias?.[2] ?? stringField(entry, 'version');
  // v1 stores git/file/URL deps with the spec in `version`; v2+ keeps the real version.
  const versionIsSpec = rawVersion !== undefined && /^[a-z+]+:/i.test(rawVersion);
  const resolved = stringField(entry, 'resolved') ?? (versionIsSpec ? rawVersion : undefined);
  const integrity = stringField(entry, 'integrity');
  return {
    ecosystem: 'npm',
    name,
    ...(rawVersion !== undefined && !versionIsSpec && { version: rawVersion }),
    direct,
    dev: entry.dev === true,
    path: ctx.path,
    line,
    source: resolvedSource(resolved),
    ...(resolved !== undefined && { resolved }),
    ...(integrity !== undefined && { integrity }),
  };
}

