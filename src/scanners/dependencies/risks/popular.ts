/**
 * The popular-package lists (scripts/popular-packages.ts writes them from a
 * package-index download snapshot) and what the checks derive from them.
 */
import npmList from './popular/npm.json' with { type: 'json' };
import pypiList from './popular/pypi.json' with { type: 'json' };
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

export const POPULAR: Readonly<Record<PopularEcosystem, PopularList>> = Object.freeze({
  npm: npmList,
  PyPI: pypiList,
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
