/**
 * The shared model of the taint engine (taint.ts and taint/*): what a taint is, the bindings
 * recorded per function scope, the per-file state every module reads and writes, and the small
 * helpers on them (scopes, the storage key of an expression, combining taints).
 */
import { child, stringValue, textOf, unwrap } from '../ast.js';
import type { ConstEnv, ConstResult } from '../constants.js';
import type { ImportedFunction, Imports } from '../imports.js';
import type { LanguageProfile } from '../language-profile.js';
import type { SyntaxNode } from '../parser.js';
import type { SanitiserTable, SinkKind } from '../taint-spec.js';
import type { CompiledSources } from '../taint-sources.js';
import type { CompiledPropagators } from '../taint-propagators.js';

/** Where tainted data came from. `param` marks the pseudo-taint of a function parameter (used for wrapper summaries only). */
export interface Taint {
  readonly source: string;
  /** 1-based line of the source expression. */
  readonly line: number;
  readonly param?: number;
  /** For a parameter pseudo-taint: the function and the parameter's name (call sites are followed from there). */
  readonly fn?: SyntaxNode;
  readonly paramName?: string;
  /** The local function a real source was passed to before it reached the sink (`run_command(cmd)`). */
  readonly via?: string;
  /** Sinks a sanitiser on the way made this value safe for (`html.escape` → html). */
  readonly cleared?: ReadonlySet<SinkKind>;
  /**
   * A parameter of an exported function taken as a source (the scanner's question "what would a
   * caller in another file reach?"): the function's exported name, the parameter and the sink.
   */
  readonly entry?: { readonly name: string; readonly index: number; readonly kind: SinkKind };
}

export type Binding =
  | { readonly pos: number; readonly kind: 'expr'; readonly node: SyntaxNode; readonly site?: SyntaxNode }
  /** `x += v`, `items.append(v)`, `d['k'] = v` (keyed: the slot written, so reads of other keys skip it). */
  | { readonly pos: number; readonly kind: 'augment'; readonly node: SyntaxNode; readonly at: number; readonly site?: SyntaxNode; readonly keyed?: string }
  /** An assignment inside a branch or loop body: it holds inside the block; after it, the variable may still have its value from before. */
  | { readonly pos: number; readonly kind: 'maybe'; readonly node: SyntaxNode; readonly at: number; readonly block: SyntaxNode; readonly site?: SyntaxNode }
  | { readonly pos: number; readonly kind: 'param'; readonly index: number; readonly name: string; readonly line: number; readonly route: boolean; readonly fn: SyntaxNode }
  /**
   * A check passed (allow-list, validation): clean for every sink, or only for `kinds` (a URL whose
   * host was checked). `guard`: the check is a call of a predicate imported from another module of
   * the project, by its id in TaintState.importedGuards (whether it holds is decided across files).
   */
  | { readonly pos: number; readonly kind: 'clean'; readonly at: number; readonly kinds?: readonly SinkKind[]; readonly guard?: string }
  | { readonly pos: number; readonly kind: 'restore'; readonly at: number };

export interface Scope {
  readonly parent: Scope | undefined;
  readonly bindings: Map<string, Binding[]>;
}

/** A name without a binding in any enclosing scope (distinct from a binding that carries no taint). */
export const NOT_FOUND = Symbol('not-found');

/** What a local function's return value carries: the taint of some parameters (with the sinks sanitised on the way), or request data it reads itself. */
export interface Summary {
  readonly params: Map<number, ReadonlySet<SinkKind> | undefined>;
  source: Taint | undefined;
}

/** A fact a passed check establishes: the value under `key` is allowed (for every sink, or for `kinds` only). */
export interface Check {
  readonly key: string;
  readonly kinds?: readonly SinkKind[];
  /** The imported predicate the check calls (TaintState.importedGuards), if any. */
  readonly guard?: string;
}

/** A predicate of another module of the project called as a check (`if (security.isRedirectAllowed(url))`). */
export interface ImportedGuard {
  readonly callee: ImportedFunction;
  /** The first call's text and 1-based line, for the evidence. */
  readonly call: string;
  readonly line: number;
  /** Written so that the name-based rule did not take it as a check (`ns.isX(v)`; `isX(v)` is taken): what holds when nothing is known of it. */
  readonly unchecked: boolean;
}

/**
 * Everything the analysis of one file knows, shared by the modules of taint/: the file and its
 * language tables (read only), the bindings per scope (filled once by bindings.ts, then pruned by
 * branches.ts and extended by guards.ts) and the memo tables of the on-demand questions.
 */
export interface TaintState {
  readonly root: SyntaxNode;
  readonly text: string;
  readonly python: boolean;
  /** The node kinds and fields of the language (language-profile.ts). */
  readonly profile: LanguageProfile;
  readonly imports: Imports;
  readonly sanitisers: SanitiserTable;
  readonly sources: CompiledSources;
  readonly propagators: CompiledPropagators;
  /** Constant evaluation (constants.ts), resolving identifiers through the bindings (branches.ts). */
  readonly env: ConstEnv;
  readonly scopes: Map<SyntaxNode, Scope>;
  readonly moduleScope: Scope;
  readonly functionsByName: Map<string, SyntaxNode>;
  readonly memo: Map<SyntaxNode, Taint | null>;
  readonly active: Set<SyntaxNode>;
  readonly summaries: Map<SyntaxNode, Summary>;
  readonly constMemo: Map<SyntaxNode, ConstResult>;
  readonly constActive: Set<SyntaxNode>;
  /**
   * Names a function writes that belong to an enclosing scope (Python `global`/`nonlocal`, a
   * JavaScript assignment without a declaration in that function): never constant, since a call
   * may change them at any time.
   */
  readonly shared: Set<string>;
  /** Switch bodies and the cases a constant discriminant lets run. */
  readonly switches: Map<SyntaxNode, ReadonlySet<SyntaxNode> | 'all'>;
  /** `if` statements (and switches and matches), whose guards are read once every binding is collected. */
  readonly ifs: SyntaxNode[];
  functionNamesMemo: Map<SyntaxNode, string> | undefined;
  callSitesMemo: Map<string, SyntaxNode[]> | undefined;
  /** Predicates imported from the project's other modules that guard values here, by id (`module` NUL `name`). */
  readonly importedGuards: Map<string, ImportedGuard>;
  /** Ids of imported guards whose checks a question relied on since the set was last cleared. */
  readonly consulted: Set<string>;
  /** An imported guard assumed not to hold (a what-if question of the scanner), else undefined. */
  ineffective: string | undefined;
  /** A function imported from the project's other modules, by its callee as written, assumed to return its arguments' taint (a what-if question of the scanner), else undefined. */
  passing: string | undefined;
  /** What a local predicate checks of its first parameter (predicates.ts), per function. */
  readonly predicates: Map<SyntaxNode, Predicate | null>;
  /** The functions the file exports, by node, with their exported name (cross-file/exports.ts); computed on first use. */
  exported: ReadonlyMap<SyntaxNode, string> | undefined;
  /** Whether a parameter of an exported function reached a sink with no caller in this file to follow. */
  openEntries: boolean;
  /** Take such parameters as sources (Taint.entry), to summarise what callers in other files would reach. */
  entriesAsSources: boolean;
}

/** What a function returning a boolean checks of a parameter: `weak` only that it contains some text, `strong` an exact match or membership. */
export interface Predicate {
  readonly strength: 'weak' | 'strong';
  /** The deciding check (the first weak one, else the first strong one). */
  readonly check: SyntaxNode;
}

/** Whether a clean binding or check holds here: not when its imported guard is assumed not to; a guard relied on is noted. */
export function guardHolds(s: TaintState, guard: string | undefined): boolean {
  if (guard === undefined) return true;
  if (guard === s.ineffective) return false;
  s.consulted.add(guard);
  return true;
}

/** The scope of the function enclosing a node (the module scope at top level). */
export function scopeOf(s: TaintState, node: SyntaxNode): Scope {
  const functions = s.profile.kinds.functions;
  for (let p = node.parent; p; p = p.parent) {
    if (functions.has(p.type)) return scopeFor(s, p);
  }
  return s.moduleScope;
}

/** The scope of a function node, created on first use. */
function scopeFor(s: TaintState, fn: SyntaxNode): Scope {
  let scope = s.scopes.get(fn);
  if (!scope) {
    scope = { parent: scopeOf(s, fn), bindings: new Map() };
    s.scopes.set(fn, scope);
  }
  return scope;
}

/** Records a binding of `name` in the scope of `scopeNode` (a function, or the node's enclosing function). */
export function bind(s: TaintState, scopeNode: SyntaxNode, name: string, binding: Binding): void {
  const scope = s.profile.kinds.functions.has(scopeNode.type) ? scopeFor(s, scopeNode) : scopeOf(s, scopeNode);
  let list = scope.bindings.get(name);
  if (!list) scope.bindings.set(name, (list = []));
  list.push(binding);
}

/**
 * The name a value is stored under: identifiers and member chains as written, subscripts by a
 * literal key in a canonical form (`d['k']` and `d["k"]` are both `d["k"]`).
 */
export function key(s: TaintState, node: SyntaxNode): string | undefined {
  const { kinds, fields } = s.profile;
  const n = unwrap(node, s.profile);
  if (kinds.identifiers.has(n.type)) return textOf(s.text, n);
  const subscript = kinds.subscripts.has(n.type);
  if (subscript) {
    const obj = child(n, fields.subscripts.object);
    const index = literalKey(s.text, child(n, fields.subscripts.index), s.profile);
    const base = obj ? key(s, obj) : undefined;
    if (base !== undefined && index !== undefined) return `${base}[${index}]`;
  }
  if (subscript || kinds.members.has(n.type)) {
    return textOf(s.text, n).replace(/\s+/g, '').replace(/\?\./g, '.');
  }
  return undefined;
}

/** The binding in effect at `at`: the last one taking effect at or before it. */
export function latest(list: readonly Binding[] | undefined, at: number): Binding | undefined {
  if (!list) return undefined;
  let best: Binding | undefined;
  for (const b of list) if (b.pos <= at && (!best || b.pos >= best.pos)) best = b;
  return best;
}

/** The taint with `kinds` added to the sinks it is safe for. */
export function clear(t: Taint | undefined, kinds: readonly SinkKind[]): Taint | undefined {
  if (!t) return undefined;
  return { ...t, cleared: new Set([...(t.cleared ?? []), ...kinds]) };
}

/** Prefers a real source over a parameter pseudo-taint, and a value sanitised for fewer sinks. */
export function pick(a: Taint | undefined, b: Taint | undefined): Taint | undefined {
  const realA = a !== undefined && a.param === undefined;
  const realB = b !== undefined && b.param === undefined;
  if (realA && realB) {
    const ca = a.cleared;
    const cb = b.cleared;
    if (!ca || ca.size === 0) return a;
    if (!cb || cb.size === 0) return b;
    const both = [...ca].filter((k) => cb.has(k));
    return both.length === ca.size ? a : both.length === cb.size ? b : { ...a, cleared: new Set(both) };
  }
  if (realA) return a;
  if (realB) return b;
  return a ?? b;
}

/** A literal subscript or argument (`'k'`, `"k"`, `0`) as a canonical key, else undefined. */
export function literalKey(text: string, node: SyntaxNode | undefined, profile: LanguageProfile): string | undefined {
  if (!node) return undefined;
  const n = unwrap(node, profile);
  const s = stringValue(text, n, profile);
  if (s !== undefined) return JSON.stringify(s);
  if (profile.kinds.numbers.has(n.type) && /^\d+$/.test(textOf(text, n))) return textOf(text, n);
  return undefined;
}
