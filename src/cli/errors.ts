import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One line for an error; with VIGIL_DEBUG=1 the stack too, its frames in the build's bundles mapped back to the TypeScript sources. */
export function describeError(error: unknown, env: Readonly<Record<string, string | undefined>>): string {
  if (!(error instanceof Error)) return String(error);
  const debug = env.VIGIL_DEBUG !== undefined && env.VIGIL_DEBUG !== '' && env.VIGIL_DEBUG !== '0';
  return debug && error.stack ? mappedStack(error.stack) : error.message;
}

/** A stack frame's location: `at name (file:line:column)`, `at file:line:column`, either after `async`. */
const FRAME = /^(\s*at (?:async )?(?:.*? \()?)((?:file:\/\/)?[^()\s]+\.cjs):(\d+):(\d+)(\)?)$/;

/**
 * `stack` with each frame in a CommonJS bundle of the build (dist/cli/main.cjs, a scanner's
 * scanner.cjs) that has its source map beside it rewritten to the source's file, line and column.
 * Node applies no source map to code compiled through `vm.Script` (src/engine/scanner-module.ts),
 * so this reads the maps itself; only for a stack about to be printed. A frame that no map covers,
 * or whose map cannot be read, stays as it is.
 */
export function mappedStack(stack: string, readText: (path: string) => string = (path) => readFileSync(path, 'utf8')): string {
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (file: string): SourceMap | null => {
    let map = maps.get(file);
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(readText(`${file}.map`)) as ConstructorParameters<typeof SourceMap>[0]);
      } catch {
        map = null;
      }
      maps.set(file, map);
    }
    return map;
  };
  return stack
    .split('\n')
    .map((line) => {
      const m = FRAME.exec(line);
      if (!m) return line;
      const [, head, location, row, column, tail] = m as unknown as [string, string, string, string, string, string];
      const file = location.startsWith('file://') ? fileURLToPath(location) : location;
      const entry = mapOf(file)?.findEntry(Number(row) - 1, Number(column) - 1);
      if (entry === undefined || !('originalSource' in entry) || entry.originalSource === undefined) return line;
      const source = entry.originalSource.startsWith('file://') ? fileURLToPath(entry.originalSource) : join(dirname(file), entry.originalSource);
      return `${head}${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}${tail}`;
    })
    .join('\n');
}
