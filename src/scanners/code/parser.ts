/**
 * Tree-sitter (WASM) set-up for the code scanner. The runtime is initialised
 * once per thread; grammars load lazily, one per language. A parsed tree is
 * copied into plain JavaScript nodes (`SyntaxNode`) and the WASM tree freed at
 * once, so rules never hold WASM memory and memory stays bounded per file.
 */
import { createRequire } from 'node:module';
import { Language, Parser, type TreeCursor } from 'web-tree-sitter';

export const CODE_LANGUAGES = ['javascript', 'typescript', 'tsx', 'python'] as const;
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
});

const GRAMMAR_FILES: Readonly<Record<CodeLanguage, string>> = Object.freeze({
  javascript: 'tree-sitter-javascript.wasm',
  typescript: 'tree-sitter-typescript.wasm',
  tsx: 'tree-sitter-tsx.wasm',
  python: 'tree-sitter-python.wasm',
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
export const isJsFamily = (language: CodeLanguage): boolean => language !== 'python';

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
}

/** A parse taking longer than this is abandoned (pathological input). */
export const PARSE_TIMEOUT_MS = 5_000;

let runtime: Promise<void> | undefined;
const languages = new Map<CodeLanguage, Language>();
const pending = new Map<CodeLanguage, Promise<Language>>();
let loadChain: Promise<unknown> = Promise.resolve();
let parser: Parser | undefined;

const requireFromHere = createRequire(import.meta.url);

/** Initialises the WASM runtime once (per thread). */
export function initParser(): Promise<void> {
  runtime ??= Parser.init().then(() => {
    parser = new Parser();
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
    const cursor = tree.walk();
    let errorChars = 0;
    try {
      const root = copy(cursor, (n) => {
        errorChars += n.end - n.start;
      });
      return { root, text, language, errorChars };
    } finally {
      cursor.delete();
    }
  } finally {
    tree.delete();
  }
}

/** Iterative copy of the cursor's subtree (deep ASTs must not overflow the stack). */
function copy(cursor: TreeCursor, onError: (n: SyntaxNode) => void): SyntaxNode {
  const make = (parent: SyntaxNode | null): SyntaxNode => {
    const start = cursor.startPosition;
    const node: SyntaxNode = {
      type: cursor.nodeType,
      named: cursor.nodeIsNamed,
      field: cursor.currentFieldName,
      start: cursor.startIndex,
      end: cursor.endIndex,
      row: start.row,
      column: start.column,
      endRow: cursor.endPosition.row,
      children: [],
      parent,
    };
    parent?.children.push(node);
    return node;
  };
  const root = make(null);
  const stack: SyntaxNode[] = [root];
  let errorDepth = root.type === 'ERROR' ? 1 : 0;
  if (errorDepth) onError(root);
  // Depth-first walk; `stack` mirrors the cursor's ancestors.
  for (;;) {
    const current = stack[stack.length - 1] as SyntaxNode;
    if (cursor.gotoFirstChild()) {
      const child = make(current);
      if (child.type === 'ERROR') {
        if (errorDepth === 0) onError(child);
        errorDepth++;
      }
      stack.push(child);
      continue;
    }
    for (;;) {
      const done = stack.pop() as SyntaxNode;
      if (done.type === 'ERROR') errorDepth--;
      if (stack.length === 0) return root;
      if (cursor.gotoNextSibling()) {
        const sibling = make(stack[stack.length - 1] as SyntaxNode);
        if (sibling.type === 'ERROR') {
          if (errorDepth === 0) onError(sibling);
          errorDepth++;
        }
        stack.push(sibling);
        break;
      }
      cursor.gotoParent();
    }
  }
}
