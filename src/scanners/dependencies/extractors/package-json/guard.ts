import type { ExtractResult } from '../../types.js';

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
      return { kind, packages: [], warnings: [`${path}: cannot read (${what})`] };
    }
  };
}
