/**
 * Tree-sitter (WASM) set-up for the code scanner. The runtime is initialised
 * once per thread; grammars load lazily, one per language. A parsed tree is
 * copied into plain JavaScript nodes (`SyntaxNode`) and the WASM tree freed at
 * once, so rules never hold WASM memory and memory stays bounded per file.
 */
import { createRequire } from 'node:module';
import { Language, Parser, type TreeCursor } from 'web-tree-sitter';

export const CODE_LANGUAGES = ['javascript', 'typescript', 'tsx', 'python', 'php', 'go', 'java', 'ruby'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

const EXTENSIONS: Readonly<Record<string, CodeLanguage>> = Object.freeze({
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascript',
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'tsx',
  '.py': 'python',
  '.php': 'php',
  '.go': 'go',
  '.java': 'java',
  '.rb': 'ruby',
});

const GRAMMAR_FILES: Readonly<Record<CodeLanguage, string>> = Object.freeze({
  javascript: 'tree-sitter-javascript.wasm',
  typescript: 'tree-sitter-typescript.wasm',
  tsx: 'tree-sitter-tsx.wasm',
  python: 'tree-sitter-python.wasm',
  php: 'tree-sitter-php.wasm',
  go: 'tree-sitter-go.wasm',
  java: 'tree-sitter-java.wasm',
  ruby: 'tree-sitter-ruby.wasm',
});

/** The language of a path by its extension, or undefined when the scanner does not handle it. */
export function languageOf(path: string): CodeLanguage | undefined {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  if (dot <= slash + 1) return undefined;
  if (path.endsWith('.d.ts') || path.endsWith('.d.mts') || path.endsWith('.d.cts')) return undefined;
  return EXTENSIONS[path.slice(dot).toLowerCase()];
}

/** JavaScript-family languages (share the taint model and most rules). */
export const isJsFamily = (language: CodeLanguage): boolean => language === 'javascript' || language === 'typescript' || language === 'tsx';

/** Languages with pattern rules and a simple local taint model only (no shared JS/Python taint engine or import resolution). */
export const usesFunctionModel = (language: CodeLanguage): boolean => language === 'php' || language === 'go' || language === 'java' || language === 'ruby';

/** A syntax node copied out of the WASM tree. Positions are 0-based; offsets index the JS string. */
export interface SyntaxNode {
  readonly type: string;
  readonly named: boolean;
  /** The field name this node has in its parent (`function`, `arguments`, `left` …), or null. */
  readonly field: string | null;
  readonly start: number;
  readonly end: number;
  readonly row: number;
  readonly column: number;
  readonly endRow: number;
  readonly children: SyntaxNode[];
  parent: SyntaxNode | null;
}

export interface ParsedFile {
  readonly root: SyntaxNode;
  readonly text: string;
  readonly language: CodeLanguage;
  /** Characters covered by ERROR nodes (outermost only). */
  readonly errorChars: number;
  /** Named nodes by type in document order, gathered during the copy (what `NodeIndex` needs). */
  readonly nodesByType?: ReadonlyMap<string, SyntaxNode[]>;
}

/** A parse taking longer than this is abandoned (pathological input). */
export const PARSE_TIMEOUT_MS = 5_000;

let runtime: Promise<void> | undefined;
const languages = new Map<CodeLanguage, Language>();
const pending = new Map<CodeLanguage, Promise<Language>>();
let loadChain: Promise<unknown> = Promise.resolve();
let parser: Parser | undefined;

const requireFromHere = createRequire(import.meta.url);

/**
 * The raw exports of web-tree-sitter's WASM module used by the fast tree copy. Emscripten
 * makes the options object given to `Parser.init` the module itself, so after init it holds
 * these functions and the heap views. Each function reads the cursor from the module's
 * transfer buffer and, for the moves, writes it back there, so a walk that only calls these
 * keeps the cursor in the buffer and needs no marshalling between calls.
 */
interface RawCursorApi {
  _ts_tree_cursor_goto_first_child_wasm(tree: number): number;
  _ts_tree_cursor_goto_next_sibling_wasm(tree: number): number;
  _ts_tree_cursor_goto_parent_wasm(tree: number): number;
  _ts_tree_cursor_current_node_type_id_wasm(tree: number): number;
  _ts_tree_cursor_current_node_is_named_wasm(tree: number): number;
  _ts_tree_cursor_current_field_id_wasm(tree: number): number;
  _ts_tree_cursor_start_index_wasm(tree: number): number;
  _ts_tree_cursor_end_index_wasm(tree: number): number;
  _ts_tree_cursor_delete_wasm(tree: number): void;
}
const RAW_FUNCTIONS = [
  '_ts_tree_cursor_goto_first_child_wasm',
  '_ts_tree_cursor_goto_next_sibling_wasm',
  '_ts_tree_cursor_goto_parent_wasm',
  '_ts_tree_cursor_current_node_type_id_wasm',
  '_ts_tree_cursor_current_node_is_named_wasm',
  '_ts_tree_cursor_current_field_id_wasm',
  '_ts_tree_cursor_start_index_wasm',
  '_ts_tree_cursor_end_index_wasm',
  '_ts_tree_cursor_delete_wasm',
] as const;
let raw: RawCursorApi | undefined;

/** Initialises the WASM runtime once (per thread). */
export function initParser(): Promise<void> {
  const module: Record<string, unknown> = {};
  runtime ??= Parser.init(module).then(() => {
    parser = new Parser();
    // Another copy of web-tree-sitter in this thread may have initialised the module with
    // its own options: then the raw functions are missing and the portable copy is used.
    if (RAW_FUNCTIONS.every((name) => typeof module[name] === 'function')) raw = module as unknown as RawCursorApi;
  });
  return runtime;
}

/**
 * Loads (once) the grammar of a language. Loads are chained one after another:
 * web-tree-sitter links side modules into one WASM instance, and concurrent
 * `Language.load` calls fail to resolve each other's external-scanner symbols.
 */
export function loadLanguage(language: CodeLanguage): Promise<Language> {
  let promise = pending.get(language);
  if (!promise) {
    const path = requireFromHere.resolve(`tree-sitter-wasms/out/${GRAMMAR_FILES[language]}`);
    promise = loadChain
      .catch(() => undefined)
      .then(() => initParser())
      .then(() => Language.load(path))
      .then((lang) => {
        languages.set(language, lang);
        return lang;
      });
    loadChain = promise;
    pending.set(language, promise);
  }
  return promise;
}

/** Loads every grammar (what `init()` does, so that scanning stays synchronous). */
export async function loadAllLanguages(): Promise<void> {
  for (const language of CODE_LANGUAGES) await loadLanguage(language);
}

export const isLanguageLoaded = (language: CodeLanguage): boolean => languages.has(language);

/** Parses synchronously; the grammar must be loaded. Returns undefined when it is not or parsing fails. */
export function parse(text: string, language: CodeLanguage): ParsedFile | undefined {
  const lang = languages.get(language);
  if (!parser || !lang) return undefined;
  parser.setLanguage(lang);
  const deadline = performance.now() + PARSE_TIMEOUT_MS;
  const tree = parser.parse(text, null, { progressCallback: () => performance.now() > deadline });
  // A cancelled parse would otherwise resume on the next call.
  if (!tree) parser.reset();
  if (!tree) return undefined;
  try {
    let errorChars = 0;
    const onError = (n: SyntaxNode) => {
      errorChars += n.end - n.start;
    };
    const cursor = tree.walk();
    if (raw && useRawCopy) {
      // `walk()` left the new cursor in the transfer buffer; the raw walk keeps it there,
      // and deleting it from there frees the stack as it is now.
      const treeAddress = (tree as unknown as Record<number, number>)[0] as number;
      try {
        const nodesByType = new Map<string, SyntaxNode[]>();
        const root = rawCopy(raw, treeAddress, lang, text, onError, nodesByType);
        return { root, text, language, errorChars, nodesByType };
      } finally {
        raw._ts_tree_cursor_delete_wasm(treeAddress);
      }
    }
    try {
      return { root: copy(cursor, lang, text, onError), text, language, errorChars };
    } finally {
      cursor.delete();
    }
  } finally {
    tree.delete();
  }
}

let useRawCopy = true;

/** Switches the raw (fast) tree copy off or on; for tests comparing it with the portable copy. */
export function setRawCopy(enabled: boolean): void {
  useRawCopy = enabled;
}

/** Per grammar: type and field names by id, read from WASM once instead of once per node. */
interface Names {
  readonly types: (string | undefined)[];
  readonly named: (boolean | undefined)[];
  readonly fields: (string | null | undefined)[];
}
const namesByLanguage = new WeakMap<Language, Names>();

function namesOf(lang: Language): Names {
  let names = namesByLanguage.get(lang);
  if (!names) namesByLanguage.set(lang, (names = { types: [], named: [], fields: [] }));
  return names;
}

/** Start offset of every line (in UTF-16 code units, as tree-sitter's indexes are here). */
function lineStarts(text: string): Uint32Array {
  let count = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
  const starts = new Uint32Array(count);
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts[line++] = i + 1;
  return starts;
}

/** 0-based row of an offset. */
function rowOf(starts: Uint32Array, offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if ((starts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Iterative copy of the cursor's subtree (deep ASTs must not overflow the stack).
 * Every cursor read crosses into WASM, so each node costs four reads (type id, field id,
 * start and end index); names come from per-grammar tables and rows and columns from the text.
 */
function copy(cursor: TreeCursor, lang: Language, text: string, onError: (n: SyntaxNode) => void): SyntaxNode {
  const names = namesOf(lang);
  const starts = lineStarts(text);
  const make = (parent: SyntaxNode | null): SyntaxNode => {
    const typeId = cursor.nodeTypeId;
    let type = names.types[typeId];
    if (type === undefined) {
      type = lang.types[typeId] ?? cursor.nodeType;
      names.types[typeId] = type;
    }
    let named = names.named[typeId];
    if (named === undefined) names.named[typeId] = named = cursor.nodeIsNamed;
    const fieldId = cursor.currentFieldId;
    let field = names.fields[fieldId];
    if (field === undefined) names.fields[fieldId] = field = fieldId === 0 ? null : lang.fieldNameForId(fieldId);
    const start = cursor.startIndex;
    const end = cursor.endIndex;
    const row = rowOf(starts, start);
    const node: SyntaxNode = {
      type,
      named,
      field,
      start,
      end,
      row,
      column: start - (starts[row] as number),
      endRow: rowOf(starts, end),
      children: [],
      parent,
    };
    parent?.children.push(node);
    return node;
  };
  return walkTree(
    { firstChild: () => cursor.gotoFirstChild(), nextSibling: () => cursor.gotoNextSibling(), parent: () => void cursor.gotoParent() },
    make,
    onError,
  );
}

/** Row of an offset at or after `from`'s row: a short scan forward, as offsets mostly grow in document order. */
function rowFrom(starts: Uint32Array, offset: number, from: number): number {
  let row = from;
  const last = starts.length - 1;
  if (row > last || (starts[row] as number) > offset) return rowOf(starts, offset);
  while (row < last && (starts[row + 1] as number) <= offset) {
    row++;
    if (row - from > 8) return rowOf(starts, offset);
  }
  return row;
}

/**
 * The same copy as `copy`, calling the WASM exports directly: no cursor marshalling per call,
 * five calls per node (move, type, field, start, end). Start offsets never decrease in
 * document order, so rows are found by scanning forward from the previous node's row.
 */
function rawCopy(api: RawCursorApi, tree: number, lang: Language, text: string, onError: (n: SyntaxNode) => void, byType: Map<string, SyntaxNode[]>): SyntaxNode {
  const names = namesOf(lang);
  const starts = lineStarts(text);
  let lastRow = 0;
  // The list of each named type by type id (ids sharing a name share the list, keeping document order).
  const lists: (SyntaxNode[] | undefined)[] = [];
  const listOf = (typeId: number, type: string): SyntaxNode[] => {
    let list = byType.get(type);
    if (!list) byType.set(type, (list = []));
    lists[typeId] = list;
    return list;
  };
  const make = (parent: SyntaxNode | null): SyntaxNode => {
    const typeId = api._ts_tree_cursor_current_node_type_id_wasm(tree);
    let type = names.types[typeId];
    if (type === undefined) names.types[typeId] = type = lang.types[typeId] ?? 'ERROR';
    let named = names.named[typeId];
    if (named === undefined) names.named[typeId] = named = api._ts_tree_cursor_current_node_is_named_wasm(tree) === 1;
    const fieldId = api._ts_tree_cursor_current_field_id_wasm(tree);
    let field = names.fields[fieldId];
    if (field === undefined) names.fields[fieldId] = field = fieldId === 0 ? null : lang.fieldNameForId(fieldId);
    const start = api._ts_tree_cursor_start_index_wasm(tree);
    const end = api._ts_tree_cursor_end_index_wasm(tree);
    const row = rowFrom(starts, start, lastRow);
    lastRow = row;
    const node: SyntaxNode = {
      type,
      named,
      field,
      start,
      end,
      row,
      column: start - (starts[row] as number),
      endRow: rowFrom(starts, end, row),
      children: [],
      parent,
    };
    parent?.children.push(node);
    if (named) (lists[typeId] ?? listOf(typeId, type)).push(node);
    return node;
  };
  return walkTree(
    {
      firstChild: () => api._ts_tree_cursor_goto_first_child_wasm(tree) === 1,
      nextSibling: () => api._ts_tree_cursor_goto_next_sibling_wasm(tree) === 1,
      parent: () => void api._ts_tree_cursor_goto_parent_wasm(tree),
    },
    make,
    onError,
  );
}

/** Cursor moves of either copy. */
interface CursorMoves {
  firstChild(): boolean;
  nextSibling(): boolean;
  parent(): void;
}

/**
 * Depth-first walk shared by both copies: `make` copies the node under the cursor into its
 * parent; `stack` mirrors the cursor's ancestors. `onError` gets each outermost ERROR node.
 */
function walkTree(moves: CursorMoves, make: (parent: SyntaxNode | null) => SyntaxNode, onError: (n: SyntaxNode) => void): SyntaxNode {
  const root = make(null);
  const stack: SyntaxNode[] = [];
  let errorDepth = 0;
  const enter = (node: SyntaxNode): void => {
    if (node.type === 'ERROR') {
      if (errorDepth === 0) onError(node);
      errorDepth++;
    }
    stack.push(node);
  };
  enter(root);
  for (;;) {
    if (moves.firstChild()) {
      enter(make(stack[stack.length - 1] as SyntaxNode));
      continue;
    }
    for (;;) {
      const done = stack.pop() as SyntaxNode;
      if (done.type === 'ERROR') errorDepth--;
      if (stack.length === 0) return root;
      if (moves.nextSibling()) {
        enter(make(stack[stack.length - 1] as SyntaxNode));
        break;
      }
      moves.parent();
    }
  }
}
