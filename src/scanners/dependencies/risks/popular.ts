/**
 * The popular-package lists (scripts/popular-packages.ts writes them from a
 * package-index download snapshot) and what the checks derive from them.
 * Each list is read from its file the first time something asks for it, once per thread: a scan
 * reads only the lists of the ecosystems its manifests use (../data-files.ts says why).
 */
import { readDataFile } from '../data-files.js';
import { npmScope } from './shared.js';

export interface PopularHeader {
  readonly source: string;
  readonly generated: string;
  readonly count: number;
  readonly min_downloads: number | null;
  readonly max_rank?: number;
}

export interface PopularList {
  readonly header: PopularHeader;
  /** Most popular first; PyPI names are PEP 503-normalised. */
  readonly names: readonly string[];
}

export type PopularEcosystem = 'npm' | 'PyPI';

const LIST_FILES: Readonly<Record<PopularEcosystem, string>> = { npm: 'risks/popular/npm.json', PyPI: 'risks/popular/pypi.json' };
const lists = new Map<PopularEcosystem, PopularList>();

/** An ecosystem's popular list, read on first use. */
export function popularList(ecosystem: PopularEcosystem): PopularList {
  let list = lists.get(ecosystem);
  if (list === undefined) {
    list = readDataFile(LIST_FILES[ecosystem]) as PopularList;
    lists.set(ecosystem, list);
  }
  return list;
}

/** The popular lists by ecosystem; each is read from its file when first touched. */
export const POPULAR: Readonly<Record<PopularEcosystem, PopularList>> = Object.freeze({
  get npm() {
    return popularList('npm');
  },
  get PyPI() {
    return popularList('PyPI');
  },
});

const sets = new Map<PopularEcosystem, ReadonlySet<string>>();

export function popularNames(ecosystem: PopularEcosystem): ReadonlySet<string> {
  let set = sets.get(ecosystem);
  if (set === undefined) {
    set = new Set(POPULAR[ecosystem].names);
    sets.set(ecosystem, set);
  }
  return set;
}

let scopes: ReadonlySet<string> | undefined;

/** Scopes of the popular npm names (`@babel`, `@types` …): public scopes, not confusable private ones. */
export function popularNpmScopes(): ReadonlySet<string> {
  if (scopes === undefined) {
    const found = new Set<string>();
    for (const name of POPULAR.npm.names) {
      const scope = npmScope(name);
      if (scope) found.add(scope);
    }
    scopes = found;
  }
  return scopes;
}

/** 32-bit FNV-1a of the UTF-8 name (scripts/popular-packages.ts hashes the same way). */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

const ESTABLISHED_FILES: Readonly<Record<PopularEcosystem, string>> = {
  npm: 'risks/popular/npm-established.json',
  PyPI: 'risks/popular/pypi-established.json',
};
const established = new Map<PopularEcosystem, Uint32Array>();

/**
 * Whether a name is too widely used to be a typosquat (npm: 50,000+ monthly downloads;
 * PyPI: among the 15,000 most downloaded). `name` is normalised as the lists are (PEP 503 for PyPI).
 */
export function isEstablished(ecosystem: PopularEcosystem, name: string): boolean {
  let table = established.get(ecosystem);
  if (table === undefined) {
    const { hashes } = readDataFile(ESTABLISHED_FILES[ecosystem]) as { readonly hashes: string };
    const bytes = Buffer.from(hashes, 'base64');
    table = new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    established.set(ecosystem, table);
  }
  const wanted = fnv1a32(name);
  let lo = 0;
  let hi = table.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const value = table[mid] as number;
    if (value === wanted) return true;
    if (value < wanted) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
