/**
 * Helpers every extractor may use (one copy each): narrowing parsed documents, the file
 * name a path ends in, the one-warning result for a file that cannot be read, and the
 * guard behind the "never throws" contract. Format helpers live beside this file
 * (json.ts, json-keys.ts, toml.ts, pep508.ts, npm-spec.ts); an extractor imports from
 * them and never from another extractor's folder.
 */
import type { ExtractResult } from '../types.js';

/** A parsed JSON object or TOML table. */
export type Obj = Record<string, unknown>;

/** A plain object (not an array, not null), for narrowing `unknown` parse results. */
export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-empty string, else undefined. */
export function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** The last segment of a path, split on `/` and `\`. */
export function fileName(path: string): string {
  // Called for every path of a repository by every extractor's `matches` (on the service's event loop): no split, no regex.
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut === -1 ? path : path.slice(cut + 1);
}

/**
 * `fileNames` and `matches` of an extractor that reads files by exact name (`Cargo.lock`, `Gemfile` or `gems.rb`);
 * spread into the extractor (`...named('Cargo.lock')`).
 */
export function named(...names: readonly string[]): { readonly fileNames: readonly string[]; matches(path: string): boolean } {
  return { fileNames: Object.freeze([...names]), matches: (path) => names.includes(fileName(path)) };
}

/** The result for a file that cannot be read: no packages and one warning. */
export function failure(kind: ExtractResult['kind'], path: string, what: string): ExtractResult {
  return { kind, packages: [], warnings: [`${path}: ${what}`] };
}

/** A document parsed by readJsonObject or readToml, or the failure to return instead. */
export type Parsed = { readonly doc: Obj; readonly failed?: undefined } | { readonly doc?: undefined; readonly failed: ExtractResult };

type Extract = (path: string, text: string) => ExtractResult;

/**
 * Last line of defence for the "never throws" contract: anything an extractor did not
 * anticipate (a stack overflow on absurd nesting, a parser bug) becomes one warning.
 */
export function neverThrows(kind: ExtractResult['kind'], extract: Extract): Extract {
  return (path, text) => {
    try {
      return extract(path, text);
    } catch (err) {
      const what = err instanceof Error ? err.message : String(err);
      return failure(kind, path, `cannot read (${what})`);
    }
  };
}
