import type { ExtractedPackage, ExtractResult, Extractor } from '../../types.js';
import { indexJsonKeys, stringField } from '../json-keys.js';
import { specSource, splitNameAt } from '../npm-spec.js';
import { failure, isObj, neverThrows, named } from '../shared.js';
import { parseJsonc } from './jsonc.js';

/**
 * bun.lock (the text lockfile, bun 1.2+; the binary bun.lockb is not read). `packages` maps an
 * install path (`debug`, `debug/ms`, `@s/n`) to `[ident, registry, info, integrity]` for npm
 * packages and `[ident, info, …]` for git, file and workspace ones. Direct = the install a
 * workspace resolves a name it declares to; dev = declared only in devDependencies (bun.lock
 * does not mark transitive dev packages, so theirs is left unset).
 */
const SECTIONS = ['dependencies', 'optionalDependencies', 'peerDependencies', 'devDependencies'] as const;

export const extractor: Extractor = {
  id: 'bun-lock',
  docs: {
    files: '`bun.lock`',
    notes: 'text lockfile (bun 1.2+); the binary `bun.lockb` is not read',
  },
  ecosystem: 'npm',
  ...named('bun.lock'),
  extract: neverThrows('lockfile', extractBunLock),
  // JSONC with trailing commas; the install the workspace resolves a declared name to is direct.
  examples: [{ path: 'bun.lock', text: '{\n  "lockfileVersion": 1,\n  "workspaces": {\n    "": { "name": "web", "dependencies": { "debug": "^4.3.4" } },\n  },\n  "packages": {\n    "debug": ["debug@4.3.4", "", { "dependencies": { "ms": "2.1.2" } }, "sha512-AAAA"],\n    "ms": ["ms@2.1.2", "", {}, "sha512-BBBB"],\n  }\n}\n', packages: ['debug@4.3.4 direct prod line 7', 'ms@2.1.2 indirect line 8'] }],
};

function extractBunLock(path: string, text: string): ExtractResult {
  let doc: unknown;
  try {
    doc = parseJsonc(text);
  } catch (err) {
    return failure('lockfile', path, `invalid JSONC (${(err as Error).message})`);
  }
  if (!isObj(doc) || !isObj(doc.packages)) return failure('lockfile', path, 'no packages object');
  const packages = doc.packages;
  const direct = directInstalls(isObj(doc.workspaces) ? doc.workspaces : {}, packages);
  const keys = indexJsonKeys(text);
  const packagesLine = keys.line('packages', 1);
  const out: ExtractedPackage[] = [];
  for (const [key, value] of Object.entries(packages)) {
    if (!Array.isArray(value) || typeof value[0] !== 'string') continue;
    const ident = splitNameAt(value[0]);
    if (ident === undefined) continue;
    const source = /^\d+\.\d+\.\d+/.test(ident.rest) ? 'registry' : specSource(ident.rest);
    if (source === 'workspace') continue; // the project's own workspace packages
    const registry = source === 'registry';
    const resolved = registry ? nonEmpty(value[1]) : ident.rest;
    const integrity = registry ? nonEmpty(value[3]) : undefined;
    const dev = direct.get(key);
    out.push({
      ecosystem: 'npm',
      name: ident.name,
      ...(registry && { version: ident.rest }),
      direct: dev !== undefined,
      ...(dev !== undefined && { dev }),
      path,
      line: keys.line(key, 2, packagesLine),
      source,
      ...(resolved !== undefined && { resolved }),
      ...(integrity !== undefined && { integrity }),
    });
  }
  return { kind: 'lockfile', packages: out, warnings: [] };
}

/** Install key → dev-only flag, for every install a workspace declares (its own `<ws-name>/<dep>` first). */
function directInstalls(workspaces: Record<string, unknown>, packages: Record<string, unknown>): Map<string, boolean> {
  const result = new Map<string, boolean>();
  for (const [folder, ws] of Object.entries(workspaces)) {
    if (!isObj(ws)) continue;
    const wsName = stringField(ws, 'name');
    for (const section of SECTIONS) {
      const deps = ws[section];
      if (!isObj(deps)) continue;
      for (const name of Object.keys(deps)) {
        const own = folder !== '' && wsName !== undefined ? `${wsName}/${name}` : undefined;
        const key = own !== undefined && own in packages ? own : name;
        const dev = section === 'devDependencies';
        result.set(key, (result.get(key) ?? true) && dev);
      }
    }
  }
  return result;
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

