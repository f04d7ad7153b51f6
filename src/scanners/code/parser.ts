/**
 * Tree-sitter set-up for the code scanner. Two back ends give the same trees:
 *
 * - native (preferred): the addon built from native/ at install time (scripts/build-native.mjs,
 *   installed as node_modules/.vigil-native/vigil_parse.node):
 *   tree-sitter's C runtime of the same release as web-tree-sitter and the grammars' generated C
 *   parsers at the versions tree-sitter-wasms was built from. One call per file parses and returns
 *   the whole tree as a flat Int32Array.
 * - WebAssembly (fallback): web-tree-sitter with the grammars of tree-sitter-wasms. The runtime is
 *   initialised once per thread; grammars load lazily, one per language.
 *
 * `loadAllLanguages()` (the scanner's init) or `prepareLanguage()` (its per-batch `prepare`, the
 * engine's way in) chooses once per thread: VIGIL_PARSER=wasm forces
 * WebAssembly; VIGIL_PARSER=native requires the addon (init fails without it); unset, the addon
 * is used when it loads, otherwise WebAssembly. A parsed tree is copied into plain JavaScript
 * nodes (`SyntaxNode`) and the parser's tree freed at once, so rules never hold native or WASM
 * memory and memory stays bounded per file.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language, Parser, TreeCursor } from 'web-tree-sitter';
import type * as WebTreeSitter from 'web-tree-sitter';

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

/**
 * Punctuation and quote tokens that no copy keeps: brackets, parentheses, braces, commas, semicolons, the
 * member dot and string quotes. They are about a third of a tree's nodes (35 % of Juice Shop's), and no
 * analysis reads them: what they delimit is in the named nodes and their fields, and a node's text in its
 * offsets. Operators, keywords and `:` (which splits a Python slice) stay. Dropping them makes every copy,
 * and every later walk over a tree, a third shorter (docs/decisions.md).
 */
export const DROPPED_TOKENS: ReadonlySet<string> = new Set(['(', ')', '[', ']', '{', '}', ',', ';', '.', '"', "'", '`']);

/** Whether a node of this kind is left out of a copied tree (an anonymous token in DROPPED_TOKENS, no field). */
const dropped = (type: string, named: boolean, field: string | null): boolean => !named && field === null && DROPPED_TOKENS.has(type);

/**
 * A syntax node copied out of a parse. Positions are 0-based; offsets index the JS string. Anonymous
 * punctuation tokens (DROPPED_TOKENS) are not copied: `children` lists the others.
 */
export interface SyntaxNode {
  readonly type: string;
  readonly named: boolean;
  /** The field name this node has in its parent (`function`, `arguments`, `left` …), or null. */
  readonly field: string | null;
  readonly start: number;
  readonly end: number;
  readonly row: number;
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

let webTreeSitter: Promise<typeof WebTreeSitter> | undefined;

/** web-tree-sitter's module (151 KB), imported on the first WebAssembly use: a thread that parses natively never compiles it. */
function loadWebTreeSitter(): Promise<typeof WebTreeSitter> {
  webTreeSitter ??= import('web-tree-sitter');
  return webTreeSitter;
}

/** Initialises the WASM runtime once (per thread). */
export function initParser(): Promise<void> {
  const module: Record<string, unknown> = {};
  runtime ??= loadWebTreeSitter().then(async ({ Parser }) => {
    await Parser.init(module);
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
      .then(() => loadWebTreeSitter())
      .then(({ Language }) => Language.load(path))
      .then((lang) => {
        languages.set(language, lang);
        return lang;
      });
    loadChain = promise;
    pending.set(language, promise);
  }
  return promise;
}

/**
 * Chooses the back end (once per thread) and readies it: with the native addon nothing more is
 * loaded; with WebAssembly every grammar is loaded (what `init()` does, so that scanning stays
 * synchronous).
 */
export async function loadAllLanguages(): Promise<void> {
  if (chooseBackend() === 'native') return;
  await loadWasmLanguages();
}

/** Loads every WebAssembly grammar whichever back end is chosen (tests compare the two). */
export async function loadWasmLanguages(): Promise<void> {
  for (const language of CODE_LANGUAGES) await loadLanguage(language);
}

export const isLanguageLoaded = (language: CodeLanguage): boolean => backend === 'native' || languages.has(language);

/**
 * Readies one language for `parse` (the scanner's `prepare`): chooses the back end first, as
 * `loadAllLanguages` does, so that a thread that never runs `init()` also parses natively; with
 * WebAssembly it then loads that language's grammar.
 */
export async function prepareLanguage(language: CodeLanguage): Promise<void> {
  if (chooseBackend() === 'native') return;
  await loadLanguage(language);
}

export type ParserBackend = 'native' | 'wasm';

/** The native addon's exports (native/src/binding.c). */
interface NativeParser {
  /** Int32Array of RECORD numbers per node in pre-order, or undefined when the parse was cancelled. */
  parse(language: number, text: string, timeoutMs: number): Int32Array | undefined;
  /** Queues a parse for the addon's helper thread: a job number for `take`, or -1 when it holds too many jobs. */
  submit(language: number, text: string, timeoutMs: number): number;
  /** A submitted job's records as `parse` returns them (parsed here if the helper has not begun it); `discard` drops it. */
  take(job: number, discard?: boolean): Int32Array | undefined;
  names(language: number): { types: (string | null)[]; fields: (string | null)[] };
  readonly RECORD: number;
}

/** Where scripts/build-native.mjs installs the addon: beside the packages it is compiled from. */
const ADDON = join('node_modules', '.vigil-native', 'vigil_parse.node');

let backend: ParserBackend | undefined;
let nativeAddon: NativeParser | null | undefined;
let nativeError: string | undefined;

/** The addon's path, looked for as Node looks for a package: in node_modules/ of this module's folder (src/, dist/ or a bundle's) and of each folder above. */
export function nativeParserPath(): string | undefined {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const path = join(dir, ADDON);
    if (existsSync(path)) return path;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The native addon, loaded once (per thread); null when it is not built or does not load. */
function loadNative(): NativeParser | null {
  if (nativeAddon !== undefined) return nativeAddon;
  nativeAddon = null;
  const path = nativeParserPath();
  if (!path) {
    nativeError = `${ADDON} not found (npm run build:native builds it)`;
    return nativeAddon;
  }
  try {
    const addon = requireFromHere(path) as NativeParser;
    if (addon.RECORD !== RECORD) throw new Error(`record of ${addon.RECORD} numbers, expected ${RECORD} (rebuild: npm run build:native)`);
    nativeAddon = addon;
  } catch (error) {
    nativeError = `${path}: ${error instanceof Error ? error.message : String(error)}`;
  }
  return nativeAddon;
}

function chooseBackend(): ParserBackend {
  if (backend) return backend;
  const wanted = process.env.VIGIL_PARSER;
  if (wanted === 'wasm') return (backend = 'wasm');
  if (loadNative()) return (backend = 'native');
  if (wanted === 'native') throw new Error(`VIGIL_PARSER=native, but the native parser does not load: ${nativeError ?? 'unknown error'}`);
  return (backend = 'wasm');
}

/** The back end in use (after `loadAllLanguages`), and why the native one is not when it is not. */
export function parserBackend(): { backend: ParserBackend | undefined; nativeError: string | undefined } {
  return { backend, nativeError };
}

/** Switches the back end (tests comparing the two); 'native' fails when the addon does not load, 'wasm' needs `loadWasmLanguages()`. */
export function setParserBackend(next: ParserBackend): void {
  if (next === 'native' && !loadNative()) throw new Error(`the native parser does not load: ${nativeError ?? 'unknown error'}`);
  backend = next;
}

/**
 * Parses ahead: files submitted to the native parser's helper thread and not yet taken by `parse`,
 * oldest first. The JavaScript thread goes on with the files before them meanwhile.
 */
const ahead: { text: string; language: CodeLanguage; job: number }[] = [];
/** At most this many files, and this many characters, wait to be taken. */
export const PARSE_AHEAD_FILES = 32;
export const PARSE_AHEAD_CHARS = 4 * 1024 * 1024;
let aheadChars = 0;
/** Counters of this thread (diagnostics): parses started ahead, taken by `parse`, dropped untaken. */
export const parseAheadStats = { started: 0, taken: 0, dropped: 0 };

let aheadWanted = process.env.VIGIL_PARSE_AHEAD !== '0';

/** Whether `parseAhead` does anything: the native parser is in use, and VIGIL_PARSE_AHEAD is not 0. */
export function parsesAhead(): boolean {
  return aheadWanted && backend === 'native' && nativeAddon !== null && nativeAddon !== undefined;
}

/** Turns parsing ahead on or off in this thread (tests comparing the two; VIGIL_PARSE_AHEAD=0 starts it off). */
export function setParseAhead(enabled: boolean): void {
  aheadWanted = enabled;
}

/**
 * Starts parsing `text` on the native parser's helper thread, for a later `parse(text, language)` of
 * the same string to take (the result is the same either way). Does nothing without the native
 * parser or for a text longer than PARSE_AHEAD_CHARS; when PARSE_AHEAD_FILES files or
 * PARSE_AHEAD_CHARS characters already wait, the oldest are dropped to make room.
 */
export function parseAhead(text: string, language: CodeLanguage): void {
  if (!parsesAhead() || text.length > PARSE_AHEAD_CHARS) return;
  const addon = nativeAddon as NativeParser;
  while (ahead.length >= PARSE_AHEAD_FILES || (ahead.length > 0 && aheadChars + text.length > PARSE_AHEAD_CHARS)) dropAhead(addon, 1);
  const job = addon.submit(CODE_LANGUAGES.indexOf(language), text, PARSE_TIMEOUT_MS);
  if (job < 0) return;
  parseAheadStats.started++;
  ahead.push({ text, language, job });
  aheadChars += text.length;
}

/** Drops the `count` oldest parses waiting. */
function dropAhead(addon: NativeParser, count: number): void {
  for (const dropped of ahead.splice(0, count)) {
    aheadChars -= dropped.text.length;
    parseAheadStats.dropped++;
    addon.take(dropped.job, true);
  }
}

/** The records of `text`'s parse ahead, when one waits; the parses before it, never taken, are dropped. */
function takeAhead(addon: NativeParser, text: string, language: CodeLanguage): Int32Array | undefined | null {
  const at = ahead.findIndex((a) => a.text === text && a.language === language);
  if (at < 0) return null;
  dropAhead(addon, at);
  const [taken] = ahead.splice(0, 1) as [(typeof ahead)[number]];
  aheadChars -= taken.text.length;
  parseAheadStats.taken++;
  return addon.take(taken.job);
}

/** Parses synchronously (or takes the parse `parseAhead` started); the grammar must be loaded. Returns undefined when it is not or parsing fails. */
export function parse(text: string, language: CodeLanguage): ParsedFile | undefined {
  if (backend === 'native' && nativeAddon) return nativeParse(nativeAddon, text, language);
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
 * start and end index); names come from per-grammar tables and rows from the text.
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
      children: [],
      parent,
    };
    if (!dropped(type, named, field)) parent?.children.push(node);
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
      children: [],
      parent,
    };
    if (!dropped(type, named, field)) parent?.children.push(node);
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

/**
 * Numbers per node in the native addon's output: type id (| named << 16), field id, start, end, child count,
 * row, column, end row (the parser's own positions, in UTF-16 code units as the offsets are). The column and
 * end row are not copied: a finding's column comes from the text (columnOf, ast.ts), no rule reads the
 * end row, and each field less is 8 bytes less on every node of every tree.
 */
const RECORD = 8;
const NAMED_BIT = 1 << 16;
const ERROR_SYMBOL = 0xffff;

/**
 * The children of every leaf of a native parse: one shared empty list rather than one per leaf
 * (about half the nodes of a file are leaves). Frozen, as nothing may add to it.
 */
const NO_CHILDREN = Object.freeze([]) as unknown as SyntaxNode[];

/**
 * Per language, read from the addon once: names by type id with 'ERROR' appended (the slot of the error
 * symbol and of any id past the table, see `nativeTree`), field names by id, and which slots name a
 * DROPPED_TOKENS token.
 */
interface NativeNames {
  readonly types: readonly string[];
  readonly fields: readonly (string | null)[];
  readonly punctuation: Uint8Array;
}
const nativeNames = new Map<CodeLanguage, NativeNames>();

function nativeNamesOf(addon: NativeParser, language: CodeLanguage): NativeNames {
  let names = nativeNames.get(language);
  if (!names) {
    const raw = addon.names(CODE_LANGUAGES.indexOf(language));
    const types = [...raw.types.map((t) => t ?? 'ERROR'), 'ERROR'];
    // Plain packed arrays (the addon's may be holey): one kind of array for every language.
    names = { types, fields: Array.from(raw.fields, (f) => f ?? null), punctuation: Uint8Array.from(types, (t) => (DROPPED_TOKENS.has(t) ? 1 : 0)) };
    nativeNames.set(language, names);
  }
  return names;
}

/** Parses with the native addon and builds the plain nodes from its flat output (the same nodes as `rawCopy`). */
function nativeParse(addon: NativeParser, text: string, language: CodeLanguage): ParsedFile | undefined {
  const early = ahead.length > 0 ? takeAhead(addon, text, language) : null;
  const records = early !== null ? early : addon.parse(CODE_LANGUAGES.indexOf(language), text, PARSE_TIMEOUT_MS);
  if (!records || records.length === 0) return undefined;
  return nativeTree(records, nativeNamesOf(addon, language), text, language);
}

/**
 * The plain nodes of a native parse's records. The loop is the hottest code of a parse's copy and is kept
 * on one path: what only an error or a new table would take (ERROR nodes, ids past a list's end) is counted
 * or looked up the same way as the rest, so that V8 does not drop its optimised code the first time a file
 * has a syntax error.
 */
function nativeTree(records: Int32Array, names: NativeNames, text: string, language: CodeLanguage): ParsedFile | undefined {
  const { types, fields, punctuation } = names;
  /** The slot of a type id in `types`, `punctuation` and `lists`: the last one for the error symbol and any id past the table. */
  const errorSlot = types.length - 1;
  const nodesByType = new Map<string, SyntaxNode[]>();
  // The list of each named type by slot (ids sharing a name share the list, keeping document order).
  const lists: (SyntaxNode[] | undefined)[] = new Array<SyntaxNode[] | undefined>(types.length).fill(undefined);
  // Open ancestors, how many of their children are still to come, and where their children start in `kids`.
  const open: SyntaxNode[] = [];
  const pending: number[] = [];
  const firstKid: number[] = [];
  // The children of every open node, in document order: each node's list is cut from here, at its exact
  // length, once its last child is done (a list grown by push would reserve 16 slots for one or two children).
  const kids: SyntaxNode[] = [];
  let top = 0;
  let errorChars = 0;
  let errorDepth = 0;
  const close = (): void => {
    const node = open.pop() as SyntaxNode;
    pending.pop();
    const from = firstKid.pop() as number;
    (node as { children: SyntaxNode[] }).children = kids.slice(from, top);
    top = from;
    errorDepth -= node.type === 'ERROR' ? 1 : 0;
  };
  /** After a leaf: counts it off its parent's children, and closes every ancestor whose last child it was. */
  const closeDone = (): void => {
    while (open.length > 0) {
      const left = (pending[pending.length - 1] as number) - 1;
      if (left > 0) {
        pending[pending.length - 1] = left;
        break;
      }
      close();
    }
  };
  let root: SyntaxNode | undefined;
  for (let i = 0; i < records.length; i += RECORD) {
    const word = records[i] as number;
    const typeId = word & ERROR_SYMBOL;
    const slot = typeId < errorSlot ? typeId : errorSlot;
    const named = (word & NAMED_BIT) !== 0;
    const type = types[slot] as string;
    const start = records[i + 2] as number;
    const end = records[i + 3] as number;
    const childCount = records[i + 4] as number;
    const parent = open.length > 0 ? (open[open.length - 1] as SyntaxNode) : null;
    const field = fields[records[i + 1] as number] ?? null;
    if (!named && childCount === 0 && field === null && parent !== null && punctuation[slot] === 1) {
      // A dropped token (DROPPED_TOKENS): not copied, but it was one of its parent's children.
      closeDone();
      continue;
    }
    const node: SyntaxNode = {
      type,
      named,
      field,
      start,
      end,
      row: records[i + 5] as number,
      // Replaced by its own list when its last child is done (close).
      children: NO_CHILDREN,
      parent,
    };
    if (parent) kids[top++] = node;
    else root = node;
    if (named) {
      let list = lists[slot];
      if (!list) {
        list = nodesByType.get(type);
        if (!list) nodesByType.set(type, (list = []));
        lists[slot] = list;
      }
      list.push(node);
    }
    // Outermost ERROR nodes count their characters; nested ones are inside those.
    const error = type === 'ERROR' ? 1 : 0;
    errorChars += errorDepth === 0 ? error * (end - start) : 0;
    errorDepth += error;
    if (childCount > 0) {
      open.push(node);
      pending.push(childCount);
      firstKid.push(top);
      continue;
    }
    // A leaf: close it, then every ancestor whose last child it was.
    errorDepth -= error;
    closeDone();
  }
  // Output that ended inside a node (never seen) still gives each open node the children it has.
  while (open.length > 0) close();
  if (!root) return undefined;
  return { root, text, language, errorChars, nodesByType };
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
