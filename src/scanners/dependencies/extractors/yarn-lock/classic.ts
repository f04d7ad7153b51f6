/**
 * A small parser for the yarn classic (v1) lockfile format: top-level entries
 * `"a@^1.0.0", a@^1.1.0:` followed by two-space-indented `key value` fields and
 * `dependencies:` blocks of four-space-indented `name "range"` lines.
 */
export interface ClassicEntry {
  /** The descriptors in the entry's header (`a@^1.0.0`), unquoted. */
  readonly specs: readonly string[];
  readonly line: number;
  readonly fields: Map<string, string>;
  /** Descriptors (`name@range`) this entry depends on. */
  readonly deps: string[];
}

export class ClassicSyntaxError extends Error {}

export function parseClassic(text: string): ClassicEntry[] {
  const entries: ClassicEntry[] = [];
  let current: ClassicEntry | undefined;
  let inDeps = false;
  let lineNo = 0;
  for (const raw of text.split('\n')) {
    lineNo += 1;
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const indent = line.length - line.trimStart().length;
    if (indent === 0) {
      if (!line.endsWith(':')) throw new ClassicSyntaxError(`line ${lineNo}: expected an entry header ending in ':'`);
      current = { specs: splitHeader(line.slice(0, -1)), line: lineNo, fields: new Map(), deps: [] };
      entries.push(current);
      inDeps = false;
      continue;
    }
    if (current === undefined) throw new ClassicSyntaxError(`line ${lineNo}: indented line before any entry`);
    const [key, value] = splitField(line.trim());
    if (indent <= 2) {
      inDeps = value === undefined && /^(dependencies|optionalDependencies):?$/.test(key);
      if (value !== undefined) current.fields.set(key, value);
    } else if (inDeps && value !== undefined) {
      current.deps.push(`${key}@${value}`);
    }
  }
  return entries;
}

function splitHeader(header: string): string[] {
  const specs: string[] = [];
  for (const part of header.split(',')) {
    const spec = unquote(part.trim());
    if (spec !== '') specs.push(spec);
  }
  return specs;
}

/** `key value`, `"key" "value"` or `key:` (a block opener, no value). */
function splitField(text: string): [string, string | undefined] {
  if (text.endsWith(':')) return [unquote(text.slice(0, -1)), undefined];
  const m = /^("(?:[^"\\]|\\.)*"|\S+)\s+(.*)$/.exec(text);
  if (!m) return [unquote(text), undefined];
  return [unquote(m[1] ?? ''), unquote(m[2] ?? '')];
}

export function unquote(text: string): string {
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text;
}
