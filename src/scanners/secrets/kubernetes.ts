/**
 * Kubernetes `Secret` objects: the entries of `data:` (base64) and
 * `stringData:` (plain), with the offset of each value in the file. The
 * detector decodes `data:` values and scans them; a finding is placed on the
 * encoded value's line and carries the encoded value, which is what the file
 * holds (so evidence, redaction and fixes work on the file's own text).
 *
 * Written as YAML (one or several `---` documents, a `kind: List` of items as
 * `kubectl get -o yaml` prints it, Helm templates whose `{{ … }}` values are
 * not literals) or as JSON (`kubectl get -o json`, a manifest, a List).
 */

export interface SecretEntry {
  readonly key: string;
  /** The value as written (base64 under `data:`), without quotes. */
  readonly value: string;
  /** Offset of `value` in the file. */
  readonly offset: number;
  readonly encoded: boolean;
}

/**
 * `kind: Secret` somewhere in the file (YAML or JSON; not SealedSecret, ExternalSecret or
 * SecretStore). A quick test that starts with a literal, run on every manifest-like file: the
 * structure is checked by secretEntries.
 */
export const KIND_SECRET = /\bkind["']?[ \t]{0,8}:[ \t\r\n]{0,8}["']?Secret["']?[ \t]*(?:[,}#\r\n]|$)/m;
/** Files read as manifests: their Secret data is decoded and scanned (a README's example is text). */
export const MANIFEST_PATH = /\.(?:ya?ml|json)$/i;
/** A YAML line that says `kind: Secret`; `lead` is up to the key (its column is the object's key column). */
const KIND_LINE = /^(?<lead>[ \t]{0,40}(?:-[ \t]{1,4})?)kind:[ \t]{0,8}["']?Secret["']?[ \t]*(?:#.*)?$/;
/** `data:` / `stringData:` opening a block; `lead` as above. */
const BLOCK = /^(?<lead>[ \t]{0,40}(?:-[ \t]{1,4})?)(?<kind>data|stringData):[ \t]*(?:#.*)?$/;
/** One block entry: `  key: value`, value optionally quoted, single line (a `{{ … }}` template has spaces and is none). */
const ENTRY = /^(?<indent>[ \t]{1,48})["']?(?<key>[\w.-]{1,253})["']?:[ \t]{1,8}(?<q>["']?)(?<value>[^\s"'#][^\s"']{0,8191})\k<q>[ \t]*(?:#.*)?$/;
/** Capped so a huge file costs a bounded amount. */
const MAX_SECRET_FILE_CHARS = 1_048_576;
/** JSON nesting deeper than this is not a manifest. */
const MAX_JSON_DEPTH = 64;

export function isKubernetesSecret(text: string): boolean {
  return text.length <= MAX_SECRET_FILE_CHARS && text.includes('Secret') && KIND_SECRET.test(text);
}

/** Every data/stringData entry of the Secret objects in `text` (YAML or JSON). */
export function secretEntries(text: string): SecretEntry[] {
  if (!isKubernetesSecret(text)) return [];
  if (/^\s*[[{]/.test(text)) {
    const json = jsonSecretEntries(text);
    if (json !== undefined) return json;
  }
  const out: SecretEntry[] = [];
  for (const doc of documents(text)) yamlSecretEntries(doc, out);
  return out;
}

/** The entries of the last file looked at: a manifest's matches all come from one file in a row. */
let cached: { text: string; entries: ReadonlyMap<number, SecretEntry> } | undefined;

/** The data/stringData entry whose value starts at `offset` in `text`, if any. */
export function secretEntryAt(text: string, offset: number): SecretEntry | undefined {
  if (cached?.text !== text) cached = { text, entries: new Map(secretEntries(text).map((e) => [e.offset, e])) };
  return cached.entries.get(offset);
}

interface Line {
  readonly text: string;
  readonly offset: number;
}

const isBlank = (line: string): boolean => line.trim() === '' || line.trimStart().startsWith('#');
const indentOf = (line: string): number => line.length - line.trimStart().length;

/**
 * The Secret objects of one YAML document. An object's keys all stand at one
 * column (0 at the top; 2 in `- apiVersion: v1` items of a List): from each
 * `kind: Secret` line the object is the run of lines around it indented at
 * least that far, up to the `- ` that starts its item; its `data:` and
 * `stringData:` keys are the ones at the same column.
 */
function yamlSecretEntries(doc: readonly Line[], out: SecretEntry[]): void {
  const done = new Set<number>();
  doc.forEach((kindLine, at) => {
    const kind = KIND_LINE.exec(kindLine.text);
    if (!kind?.groups) return;
    const column = (kind.groups.lead ?? '').length;
    let top = at;
    // The item's first line (`- apiVersion: v1`) may be the kind line itself.
    if (!/^[ \t]*-/.test(kindLine.text)) {
      while (top > 0) {
        const above = (doc[top - 1] as Line).text;
        if (isBlank(above)) top--;
        else if (indentOf(above) >= column) top--;
        else if (/^[ \t]*-[ \t]/.test(above) && keyColumn(above) === column) {
          top--;
          break;
        } else break;
      }
    }
    let bottom = at + 1;
    while (bottom < doc.length && (isBlank((doc[bottom] as Line).text) || indentOf((doc[bottom] as Line).text) >= column)) bottom++;
    if (done.has(top)) return;
    done.add(top);
    // `entryIndent`: the column of the block's own keys, set by its first; deeper lines are the content of a
    // block scalar (`config.yaml: |`), not entries.
    let block: { column: number; encoded: boolean; entryIndent?: number } | undefined;
    for (let i = top; i < bottom; i++) {
      const { text: line, offset } = doc[i] as Line;
      const opened = BLOCK.exec(line);
      if (opened?.groups && (opened.groups.lead ?? '').length === column) {
        block = { column, encoded: opened.groups.kind === 'data' };
        continue;
      }
      if (!block || isBlank(line)) continue;
      const indent = indentOf(line);
      if (indent <= block.column) {
        block = undefined;
        continue;
      }
      const entry = ENTRY.exec(line);
      if (!entry?.groups || (block.entryIndent ?? indent) !== indent) continue;
      block.entryIndent = indent;
      const value = entry.groups.value ?? '';
      out.push({ key: entry.groups.key ?? '', value, offset: offset + line.indexOf(value, indent), encoded: block.encoded });
    }
  });
}

/** The column where a `- key: …` line's key starts. */
function keyColumn(line: string): number {
  return /^[ \t]*(?:-[ \t]+)?/.exec(line)?.[0].length ?? 0;
}

/** The lines of each YAML document of a file (split at `---` lines), with their offsets. */
function documents(text: string): Line[][] {
  const docs: Line[][] = [[]];
  let offset = 0;
  for (const line of text.split('\n')) {
    if (/^---[ \t]*(?:#.*)?\r?$/.test(line)) docs.push([]);
    else (docs[docs.length - 1] as Line[]).push({ text: line.endsWith('\r') ? line.slice(0, -1) : line, offset });
    offset += line.length + 1;
  }
  return docs;
}

/** A parsed JSON value with the offsets of its strings. */
type JsonValue =
  | { readonly type: 'object'; readonly members: readonly (readonly [string, JsonValue])[] }
  | { readonly type: 'array'; readonly items: readonly JsonValue[] }
  | { readonly type: 'string'; readonly value: string; readonly raw: string; readonly offset: number }
  | { readonly type: 'other' };

/** The entries of every Secret in a JSON document (a manifest, a List, `kubectl -o json`); undefined when it is not JSON. */
function jsonSecretEntries(text: string): SecretEntry[] | undefined {
  let root: JsonValue;
  try {
    const parser = new JsonReader(text);
    root = parser.value(0);
    parser.end();
  } catch {
    return undefined;
  }
  const out: SecretEntry[] = [];
  const visit = (node: JsonValue): void => {
    if (node.type === 'array') node.items.forEach(visit);
    if (node.type !== 'object') return;
    const member = (name: string) => node.members.find(([key]) => key === name)?.[1];
    const kind = member('kind');
    if (kind?.type === 'string' && kind.value === 'Secret') {
      for (const [block, encoded] of [['data', true], ['stringData', false]] as const) {
        const entries = member(block);
        if (entries?.type !== 'object') continue;
        for (const [key, value] of entries.members) {
          // A value written with escapes is not what the file holds character for character.
          if (value.type === 'string' && value.raw === value.value && value.value !== '') out.push({ key, value: value.value, offset: value.offset, encoded });
        }
      }
    }
    for (const [, value] of node.members) visit(value);
  };
  visit(root);
  return out;
}

/** A small JSON reader that keeps the offset of each string (JSON.parse does not). Throws on anything that is not JSON. */
class JsonReader {
  private at = 0;
  constructor(private readonly text: string) {}

  value(depth: number): JsonValue {
    if (depth > MAX_JSON_DEPTH) throw new Error('too deep');
    this.space();
    const c = this.text.charAt(this.at);
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"') return this.string();
    const literal = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(this.text.slice(this.at, this.at + 64));
    if (!literal) throw new Error(`unexpected ${c}`);
    this.at += literal[0].length;
    return { type: 'other' };
  }

  end(): void {
    this.space();
    if (this.at !== this.text.length) throw new Error('trailing text');
  }

  private object(depth: number): JsonValue {
    const members: [string, JsonValue][] = [];
    this.at++;
    this.space();
    if (this.text.charAt(this.at) === '}') {
      this.at++;
      return { type: 'object', members };
    }
    for (;;) {
      this.space();
      if (this.text.charAt(this.at) !== '"') throw new Error('expected a key');
      const key = this.string();
      this.expect(':');
      members.push([key.value, this.value(depth + 1)]);
      if (this.separator('}')) return { type: 'object', members };
    }
  }

  private array(depth: number): JsonValue {
    const items: JsonValue[] = [];
    this.at++;
    this.space();
    if (this.text.charAt(this.at) === ']') {
      this.at++;
      return { type: 'array', items };
    }
    for (;;) {
      items.push(this.value(depth + 1));
      if (this.separator(']')) return { type: 'array', items };
    }
  }

  private string(): JsonValue & { type: 'string' } {
    const start = this.at + 1;
    let i = start;
    let escaped = false;
    for (;;) {
      const c = this.text.charCodeAt(i);
      if (Number.isNaN(c) || c === 10) throw new Error('unterminated string');
      if (c === 92) {
        escaped = true;
        i += 2;
        continue;
      }
      if (c === 34) break;
      i++;
    }
    const raw = this.text.slice(start, i);
    this.at = i + 1;
    return { type: 'string', raw, value: escaped ? (JSON.parse(`"${raw}"`) as string) : raw, offset: start };
  }

  /** After a member or item: true at the closing bracket, false after a comma. */
  private separator(close: string): boolean {
    this.space();
    const c = this.text.charAt(this.at++);
    if (c === close) return true;
    if (c !== ',') throw new Error(`expected , or ${close}`);
    return false;
  }

  private expect(c: string): void {
    this.space();
    if (this.text.charAt(this.at++) !== c) throw new Error(`expected ${c}`);
  }

  private space(): void {
    for (let c = this.text.charCodeAt(this.at); c === 32 || c === 10 || c === 13 || c === 9; c = this.text.charCodeAt(this.at)) this.at++;
  }
}

/** The decoded text of a base64 value, or undefined when it is not base64 of printable UTF-8. */
export function decodeBase64Value(value: string): string | undefined {
  if (value.length < 4 || value.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return undefined;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  // eslint-disable-next-line no-control-regex -- control characters mark binary data
  if (decoded.length === 0 || decoded.includes('\uFFFD') || /[\x00-\x08\x0e-\x1f\x7f]/.test(decoded)) return undefined;
  return decoded;
}
