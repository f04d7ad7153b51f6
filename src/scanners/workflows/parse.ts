/**
 * YAML access for the CI/CD rules: parses with `yaml`'s parseDocument and a
 * LineCounter, keeps node offsets, and turns offsets (including offsets inside
 * a scalar's value, such as a `${{ … }}` in a `run: |` block) into exact
 * 1-based line and column positions.
 */
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseAllDocuments, parseDocument, type Document, type Node, type Scalar, type YAMLMap, type YAMLSeq } from 'yaml';
import { clipEvidence } from '../../core/rules.js';

export interface Position {
  /** 1-based. */
  readonly line: number;
  /** 1-based. */
  readonly column: number;
}

export interface YamlFile {
  readonly text: string;
  readonly doc: Document.Parsed;
  readonly lines: LineCounter;
}

/** A scalar read as a string (numbers and booleans as written by String()), with its node for positions. */
export interface Str {
  readonly value: string;
  readonly node: Scalar;
}

/** Parses one YAML document; undefined when it has errors (broken YAML, several documents). Never throws. */
export function parseYaml(text: string): YamlFile | undefined {
  const lines = new LineCounter();
  try {
    const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false, prettyErrors: false });
    if (doc.errors.length > 0) return undefined;
    return { text, doc, lines };
  } catch {
    return undefined;
  }
}

/**
 * GitLab CI files: one document, or a `spec:` header document (CI/CD inputs)
 * followed by `---` and the pipeline, which is returned. Undefined otherwise. Never throws.
 */
export function parseGitlabYaml(text: string): YamlFile | undefined {
  const single = parseYaml(text);
  if (single) return single;
  const lines = new LineCounter();
  try {
    const docs = parseAllDocuments(text, { lineCounter: lines, uniqueKeys: false, prettyErrors: false });
    if (!Array.isArray(docs) || docs.length !== 2) return undefined;
    const [header, pipeline] = docs;
    if (!header || !pipeline || header.errors.length > 0 || pipeline.errors.length > 0) return undefined;
    const keys = isMap(header.contents) ? header.contents.items.map((i) => (isScalar(i.key) ? i.key.value : undefined)) : [];
    if (keys.length !== 1 || keys[0] !== 'spec') return undefined;
    return { text, doc: pipeline, lines };
  } catch {
    return undefined;
  }
}

export function positionAt(file: YamlFile, offset: number): Position {
  const { line, col } = file.lines.linePos(Math.max(0, Math.min(offset, file.text.length)));
  return { line, column: col };
}

/** Follows an alias to its anchored node (one level: anchors cannot point at aliases). */
export function resolve(file: YamlFile, node: unknown): Node | undefined {
  if (isAlias(node)) {
    try {
      return node.resolve(file.doc);
    } catch {
      return undefined;
    }
  }
  return (node ?? undefined) as Node | undefined;
}

export function asMap(file: YamlFile, node: unknown): YAMLMap | undefined {
  const n = resolve(file, node);
  return isMap(n) ? n : undefined;
}

export function asSeq(file: YamlFile, node: unknown): YAMLSeq | undefined {
  const n = resolve(file, node);
  return isSeq(n) ? n : undefined;
}

/** A scalar's value as text, for strings, numbers and booleans. */
function scalarText(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return undefined;
}

export function asStr(file: YamlFile, node: unknown): Str | undefined {
  const n = resolve(file, node);
  if (!isScalar(n)) return undefined;
  const value = scalarText(n.value);
  return value === undefined ? undefined : { value, node: n };
}

/** The key and value of `key` in a map (keys compared as strings). */
export function pair(file: YamlFile, map: YAMLMap | undefined, key: string): { key: Node; value: Node | undefined } | undefined {
  if (!map) return undefined;
  for (const item of map.items) {
    const k = resolve(file, item.key);
    if (isScalar(k) && scalarText(k.value) === key) return { key: k, value: resolve(file, item.value) };
  }
  return undefined;
}

export function get(file: YamlFile, map: YAMLMap | undefined, key: string): Node | undefined {
  return pair(file, map, key)?.value;
}

/** Entries of a map with scalar keys, in order. */
export function entries(file: YamlFile, map: YAMLMap | undefined): { key: string; keyNode: Node; value: Node | undefined }[] {
  const out: { key: string; keyNode: Node; value: Node | undefined }[] = [];
  for (const item of map?.items ?? []) {
    const k = resolve(file, item.key);
    const name = isScalar(k) ? scalarText(k.value) : undefined;
    if (k && name !== undefined) out.push({ key: name, keyNode: k, value: resolve(file, item.value) });
  }
  return out;
}

/** Start offset of a node (0 when unknown). */
export function startOf(node: Node | undefined): number {
  return node?.range?.[0] ?? 0;
}

/**
 * The source offset of `value.slice(index, index + needle.length)`. Block and
 * quoted scalars change the text (indentation, escapes, folding), so the n-th
 * occurrence of the needle in the value is matched with the n-th occurrence in
 * the node's source; when that fails, the node's start.
 */
export function offsetInScalar(file: YamlFile, str: Str, index: number, needle: string): number {
  const [start, , end] = str.node.range ?? [0, 0, 0];
  if (needle.length === 0) return start;
  let nth = 0;
  for (let i = str.value.indexOf(needle); i !== -1 && i < index; i = str.value.indexOf(needle, i + 1)) nth++;
  const source = file.text.slice(start, end);
  let at = source.indexOf(needle);
  for (let k = 0; k < nth && at !== -1; k++) at = source.indexOf(needle, at + 1);
  return at === -1 ? start : start + at;
}

export function positionInScalar(file: YamlFile, str: Str, index: number, needle: string): Position {
  return positionAt(file, offsetInScalar(file, str, index, needle));
}

/** The source line around an offset, trimmed and capped, for evidence. */
export function lineAt(file: YamlFile, offset: number, max = 200): string {
  const from = file.text.lastIndexOf('\n', offset - 1) + 1;
  const to = file.text.indexOf('\n', offset);
  return clipEvidence(file.text.slice(from, to === -1 ? undefined : to), max);
}
