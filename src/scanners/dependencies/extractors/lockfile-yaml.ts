/**
 * A reader for the part of YAML that package managers write into lockfiles (pnpm-lock.yaml, Yarn 2+
 * yarn.lock): documents split by `---`, block mappings indented by spaces, block sequences (of
 * scalars or of mappings), one-line flow mappings and sequences, literal block scalars, and plain,
 * single-quoted and escape-free double-quoted scalars. On those it gives what the yaml library
 * gives with the failsafe schema (every scalar a string, an empty value ""), in a small fraction
 * of the time: a monorepo's 800 KB pnpm lockfile took half a second in the library.
 *
 * Anything outside that subset (comments after a value, anchors, tags, folded scalars, escapes,
 * multi-line plain or flow scalars, nested sequences, tabs, CR line ends, a repeated key …) makes
 * it answer undefined, and the caller parses with the library, which also gives the error
 * messages for broken files. lockfile-yaml.test.ts checks that the two agree, on every lockfile
 * shape the tests know and on mutated lockfiles.
 */

type Value = string | Value[] | { [key: string]: Value };
type Mapping = { [key: string]: Value };

/** Characters a plain scalar may not start with (YAML indicators). */
const INDICATORS = new Set(['-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`']);

/** Tabs, CR and other control characters (all but the line feed). */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if ((code < 32 && code !== 10) || code === 127) return true;
  }
  return false;
}

class Unsupported extends Error {}

function unsupported(): never {
  throw new Unsupported();
}

interface Frame {
  readonly indent: number;
  readonly value: Mapping | Value[];
}

/** One YAML document of the file: its value and where it starts (its `---` line, as the yaml library counts). */
export interface LockfileYamlDocument {
  readonly doc: Mapping;
  readonly start: number;
}

/**
 * The file's documents (pnpm 10 and later may write two, split by `---`), empty ones left out;
 * undefined when the file is outside the subset this reads.
 */
export function readLockfileYaml(text: string): LockfileYamlDocument[] | undefined {
  // Tabs, CR, a byte-order mark and other control characters are the library's to judge.
  if (hasControl(text) || text.startsWith('\uFEFF')) return undefined;
  const lines = text.split('\n');
  const docs: LockfileYamlDocument[] = [];
  try {
    // The current document: its first line, and where the library starts it (its `---` line; for a
    // first document without one, its first line of content; -1 until that is known).
    let from = 0;
    let start = -1;
    let offset = 0;
    for (let index = 0; index <= lines.length; index += 1) {
      const line = lines[index];
      if (line === undefined || line.startsWith('---') || line.startsWith('...')) {
        if (line !== undefined && line.trimEnd() !== '---') unsupported();
        const doc = read(lines, from, index);
        if (doc !== undefined) docs.push({ doc, start });
        from = index;
        start = offset;
      } else if (start === -1) {
        const trimmed = line.trim();
        if (trimmed !== '' && !trimmed.startsWith('#')) start = offset;
      }
      offset += (line?.length ?? 0) + 1;
    }
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
  return docs.length === 0 ? undefined : docs;
}

/** The mapping of lines `from` to `to` (one document), or undefined when they hold no key. */
function read(lines: readonly string[], from: number, to: number): Mapping | undefined {
  const root: Mapping = {};
  const stack: Frame[] = [{ indent: 0, value: root }];
  /** A `key:` with nothing after it: a nested block follows, or the value is "". */
  let open: { readonly into: Mapping; readonly key: string; readonly indent: number } | undefined;
  let keys = 0;
  for (let index = from; index < to; index += 1) {
    const line = (lines[index] ?? '').trimEnd();
    if (line === '') continue;
    let indent = 0;
    while (line.charCodeAt(indent) === 32) indent += 1;
    const content = line.slice(indent);
    if (content.startsWith('#')) continue;
    if (content.includes(' #')) unsupported();
    if (content === '---' && indent === 0) continue;
    if (indent === 0 && content.startsWith('%')) unsupported();
    const item = content === '-' || content.startsWith('- ');
    if (open !== undefined) {
      if (indent > open.indent) {
        const nested: Mapping | Value[] = item ? [] : {};
        setKey(open.into, open.key, nested);
        stack.push({ indent, value: nested });
      } else {
        setKey(open.into, open.key, '');
      }
      open = undefined;
    }
    while (stack.length > 1 && (stack.at(-1)?.indent ?? 0) > indent) stack.pop();
    const frame = stack.at(-1);
    if (frame === undefined || frame.indent !== indent) unsupported();
    let into: Mapping;
    let entry: string;
    let column: number;
    if (Array.isArray(frame.value)) {
      if (!item || content === '-') unsupported();
      column = skipSpaces(line, indent + 1);
      entry = line.slice(column);
      if (!startsMapping(entry)) {
        const block = blockScalar(entry, lines, index, to, indent);
        if (block !== undefined) {
          frame.value.push(block.value);
          index = block.last;
        } else {
          frame.value.push(blockValue(entry));
        }
        continue;
      }
      // `- key: value`: the item is a mapping whose keys line up after the dash.
      into = {};
      frame.value.push(into);
      stack.push({ indent: column, value: into });
    } else {
      if (item) unsupported();
      into = frame.value;
      entry = content;
      column = indent;
    }
    const { key, rest } = blockKey(entry);
    keys += 1;
    if (rest === '') {
      open = { into, key, indent: column };
      continue;
    }
    const block = blockScalar(rest, lines, index, to, column);
    if (block !== undefined) {
      setKey(into, key, block.value);
      index = block.last;
    } else {
      setKey(into, key, blockValue(rest));
    }
  }
  if (open !== undefined) setKey(open.into, open.key, '');
  return keys === 0 ? undefined : root;
}

/** Whether a sequence item's text is a `key: value` or `key:` (a mapping) rather than a scalar. */
function startsMapping(entry: string): boolean {
  const first = entry[0] ?? '';
  if (first === "'" || first === '"') {
    try {
      const quoted = quotedScalar(entry, 0);
      return entry[quoted.end] === ':';
    } catch (error) {
      if (error instanceof Unsupported) return false;
      throw error;
    }
  }
  return first !== '{' && first !== '[' && separator(entry, 0) !== -1;
}

/**
 * A literal block scalar (`|`, `|-`, `|+`) whose header is `header`, on the lines after `index`
 * (before `to`), more indented than `parent`; undefined when `header` is not one. pnpm writes multi-line
 * `deprecated` messages this way. Folded scalars and explicit indentation are not read.
 */
function blockScalar(header: string, lines: readonly string[], index: number, to: number, parent: number): { value: string; last: number } | undefined {
  if (header[0] !== '|' && header[0] !== '>') return undefined;
  if (header !== '|' && header !== '|-' && header !== '|+') unsupported();
  const body: string[] = [];
  let blockIndent = -1;
  let last = index;
  for (let i = index + 1; i < to; i += 1) {
    const raw = lines[i] ?? '';
    let spaces = 0;
    while (raw.charCodeAt(spaces) === 32) spaces += 1;
    if (spaces === raw.length) {
      // An empty line: content only once the indentation is known, and never spaces past it.
      if (blockIndent === -1 || spaces > blockIndent) unsupported();
      body.push('');
      last = i;
      continue;
    }
    if (blockIndent === -1) {
      if (spaces <= parent) break;
      blockIndent = spaces;
    }
    if (spaces < blockIndent) break;
    body.push(raw.slice(blockIndent));
    last = i;
  }
  let content = body.length;
  while (content > 0 && body[content - 1] === '') content -= 1;
  if (content === 0) unsupported();
  const trailing = body.length - content;
  const lastUsed = last - trailing;
  const text = body.slice(0, content).join('\n');
  if (header === '|-') return { value: text, last: lastUsed };
  if (header === '|') return { value: `${text}\n`, last: lastUsed };
  return { value: `${text}\n${'\n'.repeat(trailing)}`, last };
}

function setKey(into: Mapping, key: string, value: Value): void {
  if (key === '__proto__' || Object.hasOwn(into, key)) unsupported();
  into[key] = value;
}

/** `key: value` or `key:` at the start of a block mapping line. */
function blockKey(content: string): { key: string; rest: string } {
  let key: string;
  let after: number;
  const first = content[0] ?? '';
  if (first === "'" || first === '"') {
    const quoted = quotedScalar(content, 0);
    key = quoted.value;
    after = quoted.end;
  } else {
    if (INDICATORS.has(first)) unsupported();
    const colon = separator(content, 0);
    if (colon === -1) unsupported();
    key = content.slice(0, colon);
    if (key !== key.trimEnd()) unsupported();
    after = colon;
  }
  if (content[after] !== ':') unsupported();
  const next = content[after + 1];
  if (next === undefined) return { key, rest: '' };
  if (next !== ' ') unsupported();
  return { key, rest: content.slice(after + 2).trimStart() };
}

/** The first `:` that ends a plain key in block context (followed by a space or the line's end). */
function separator(content: string, from: number): number {
  for (let i = content.indexOf(':', from); i !== -1; i = content.indexOf(':', i + 1)) {
    const next = content[i + 1];
    if (next === undefined || next === ' ') return i;
  }
  return -1;
}

/** A value that fills the rest of a block line. */
function blockValue(rest: string): Value {
  const first = rest[0] ?? '';
  if (first === '{' || first === '[') {
    const parsed = flowNode(rest, 0);
    if (skipSpaces(rest, parsed.end) !== rest.length) unsupported();
    return parsed.value;
  }
  if (first === "'" || first === '"') {
    const quoted = quotedScalar(rest, 0);
    if (quoted.end !== rest.length) unsupported();
    return quoted.value;
  }
  if (first === '' || INDICATORS.has(first) || separator(rest, 0) !== -1) unsupported();
  return rest;
}

/** 'single' ('' is a quote) or "double" without escapes, on one line. */
function quotedScalar(text: string, at: number): { value: string; end: number } {
  const quote = text[at];
  if (quote === '"') {
    const close = text.indexOf('"', at + 1);
    if (close === -1) unsupported();
    const value = text.slice(at + 1, close);
    if (value.includes('\\')) unsupported();
    return { value, end: close + 1 };
  }
  let value = '';
  let i = at + 1;
  for (;;) {
    const close = text.indexOf("'", i);
    if (close === -1) unsupported();
    value += text.slice(i, close);
    if (text[close + 1] === "'") {
      value += "'";
      i = close + 2;
    } else {
      return { value, end: close + 1 };
    }
  }
}

function skipSpaces(text: string, at: number): number {
  let i = at;
  while (text[i] === ' ') i += 1;
  return i;
}

const FLOW_END = new Set([',', ']', '}']);

/** A flow node on one line: {…}, […] or a scalar ending at a flow indicator. */
function flowNode(text: string, at: number): { value: Value; end: number } {
  const i = skipSpaces(text, at);
  const first = text[i] ?? '';
  if (first === '{') return flowMapping(text, i + 1);
  if (first === '[') return flowSequence(text, i + 1);
  if (first === "'" || first === '"') return quotedScalar(text, i);
  return flowPlain(text, i, false);
}

/** A plain scalar in flow context; as a key it also ends at `: `. */
function flowPlain(text: string, at: number, key: boolean): { value: string; end: number } {
  const first = text[at] ?? '';
  if (first === '' || INDICATORS.has(first)) unsupported();
  let i = at;
  for (; i < text.length; i += 1) {
    const c = text[i] ?? '';
    if (FLOW_END.has(c) || c === '[' || c === '{') break;
    if (c === ':') {
      const next = text[i + 1];
      if (next === undefined || next === ' ' || FLOW_END.has(next)) {
        if (!key) unsupported();
        break;
      }
    }
  }
  const value = text.slice(at, i).trimEnd();
  if (value === '') unsupported();
  return { value, end: i };
}

function flowMapping(text: string, at: number): { value: Mapping; end: number } {
  const value: Mapping = {};
  let i = skipSpaces(text, at);
  if (text[i] === '}') return { value, end: i + 1 };
  for (;;) {
    const c = text[i] ?? '';
    const key = c === "'" || c === '"' ? quotedScalar(text, i) : flowPlain(text, i, true);
    i = key.end;
    if (text[i] !== ':' || text[i + 1] !== ' ') unsupported();
    const entry = flowNode(text, i + 2);
    setKey(value, key.value, entry.value);
    i = skipSpaces(text, entry.end);
    if (text[i] === '}') return { value, end: i + 1 };
    if (text[i] !== ',') unsupported();
    i = skipSpaces(text, i + 1);
    if (text[i] === '}') unsupported();
  }
}

function flowSequence(text: string, at: number): { value: Value[]; end: number } {
  const value: Value[] = [];
  let i = skipSpaces(text, at);
  if (text[i] === ']') return { value, end: i + 1 };
  for (;;) {
    const entry = flowNode(text, i);
    value.push(entry.value);
    i = skipSpaces(text, entry.end);
    if (text[i] === ']') return { value, end: i + 1 };
    if (text[i] !== ',') unsupported();
    i = skipSpaces(text, i + 1);
    if (text[i] === ']') unsupported();
  }
}
