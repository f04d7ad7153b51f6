import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsOf } from '../../scripts/layers.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RULES = 'src/scanners/code/rules';

/**
 * Modules internal to one of the two taint engines: rules reach them only through
 * src/scanners/code/helpers.ts, which dispatches on the language.
 */
const ENGINE_INTERNAL = [
  'src/scanners/code/sinks.ts',
  'src/scanners/code/taint.ts',
  'src/scanners/code/function-model/taint.ts',
  'src/scanners/code/function-model/values.ts',
  'src/scanners/code/function-model/assignments.ts',
  'src/scanners/code/function-model/fold.ts',
  'src/scanners/code/function-model/sources.ts',
];
/** Folders whose every module is internal to an engine (the JavaScript/Python analysis split into modules). */
const ENGINE_INTERNAL_FOLDERS = ['src/scanners/code/taint/'];
/** Names of engine-neutral modules that are one engine's twin of a helper (`stringValue` is `stringLiteral`'s JS/Python half). */
const TWIN_NAMES: Readonly<Record<string, readonly string[]>> = { 'src/scanners/code/ast.ts': ['stringValue'] };

/** The repository path an import specifier of `from` points to (`../sinks.js` → `src/scanners/code/sinks.ts`). */
const target = (from: string, specifier: string): string => normalize(join(dirname(from), specifier)).replace(/\.js$/, '.ts');

/** Named imports and re-exports with their names, the line of their specifier and the specifier (`import { a, b as c } from '…'`). */
function namedImports(text: string): { names: string[]; specifier: string; line: number }[] {
  const out: { names: string[]; specifier: string; line: number }[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*(['"])([^'"]+)\2/gm)) {
    const names = (m[1] ?? '').split(',').map((part) => part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0] ?? '').filter((n) => n !== '');
    const at = (m.index ?? 0) + m[0].lastIndexOf(m[3] ?? '');
    out.push({ names, specifier: m[3] ?? '', line: text.slice(0, at).split('\n').length });
  }
  return out;
}

/** Every import (or `ctx.taint` read) of a rule file that reaches past the helper API: `path:line …`. */
export function ruleImportViolations(files: ReadonlyMap<string, string>): string[] {
  const out: { path: string; line: number; message: string }[] = [];
  for (const [path, text] of files) {
    for (const { specifier, line } of importsOf(text)) {
      const to = target(path, specifier);
      if (specifier.startsWith('.') && (ENGINE_INTERNAL.includes(to) || ENGINE_INTERNAL_FOLDERS.some((f) => to.startsWith(f)))) out.push({ path, line, message: `imports engine-internal ${to}` });
    }
    for (const { names, specifier, line } of namedImports(text)) {
      const to = target(path, specifier);
      const twins = names.filter((n) => TWIN_NAMES[to]?.includes(n));
      if (specifier.startsWith('.') && twins.length > 0) out.push({ path, line, message: `imports ${twins.join(', ')} from ${to} (use helpers.ts)` });
    }
  }
  for (const [path, text] of files) {
    // The JavaScript/Python engine's object on the context: rules reach it through the helpers (flowOf, describeSource, assignedValues, …).
    for (const m of text.matchAll(/\bctx\.taint\b/g)) out.push({ path, line: text.slice(0, m.index).split('\n').length, message: 'reads ctx.taint (use helpers.ts)' });
  }
  return out.sort((a, b) => (a.path === b.path ? a.line - b.line : a.path < b.path ? -1 : 1)).map((v) => `${v.path}:${v.line} ${v.message}`);
}

function readRules(): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of readdirSync(join(ROOT, RULES)).sort()) {
    if (name.endsWith('.ts')) files.set(`${RULES}/${name}`, readFileSync(join(ROOT, RULES, name), 'utf8'));
  }
  return files;
}

describe('code rules use one helper API (helpers.ts), not an engine’s own helpers', () => {
  it('holds for every rule file', () => {
    const files = readRules();
    // The checker saw the rules and their imports (one that reads nothing passes anything).
    expect(files.size).toBeGreaterThan(80);
    const helperUsers = [...files.values()].filter((t) => importsOf(t).some((i) => i.specifier === '../helpers.js'));
    expect(helperUsers.length).toBeGreaterThan(50);
    expect(ruleImportViolations(files)).toEqual([]);
  });

  it('every engine-internal module listed exists', () => {
    for (const path of [...ENGINE_INTERNAL, ...Object.keys(TWIN_NAMES)]) expect(readFileSync(join(ROOT, path), 'utf8').length).toBeGreaterThan(0);
  });

  it('reports a rule that imports an engine’s helper directly', () => {
    const files = readRules();
    const path = `${RULES}/php-xss.ts`;
    const text = files.get(path) ?? '';
    expect(text).not.toBe('');
    const planted = new Map([
      [path, `import { localSink } from '../function-model/taint.js';\n${text}`],
      [`${RULES}/dom-xss.ts`, `import type { Taint } from '../taint.js';\nimport { child, stringValue as sv } from '../ast.js';\n${files.get(`${RULES}/dom-xss.ts`) ?? ''}`],
      [`${RULES}/xxe.ts`, `export { isTrue } from '../sinks.js';\n${files.get(`${RULES}/xxe.ts`) ?? ''}`],
      [`${RULES}/yy-planted.ts`, "import type { Taint } from '../taint/state.js';"],
      [`${RULES}/zz-planted.ts`, ['export const f = (ctx: RuleContext, n: SyntaxNode) =>', '  ctx.taint.taintOf(n, "sql");'].join('\n')],
    ]);
    expect(ruleImportViolations(planted)).toEqual([
      `${RULES}/dom-xss.ts:1 imports engine-internal src/scanners/code/taint.ts`,
      `${RULES}/dom-xss.ts:2 imports stringValue from src/scanners/code/ast.ts (use helpers.ts)`,
      `${path}:1 imports engine-internal src/scanners/code/function-model/taint.ts`,
      `${RULES}/xxe.ts:1 imports engine-internal src/scanners/code/sinks.ts`,
      `${RULES}/yy-planted.ts:1 imports engine-internal src/scanners/code/taint/state.ts`,
      `${RULES}/zz-planted.ts:2 reads ctx.taint (use helpers.ts)`,
    ]);
  });
});
