/**
 * Intra-procedural taint analysis for JavaScript/TypeScript and Python.
 *
 * Bindings (declarations, assignments, `+=`, destructuring, loop variables,
 * parameters, container writes and allow-list guards) are recorded per function
 * scope with the position they take effect at. Branches a constant condition
 * never takes are dropped and branches it always takes count as straight-line
 * code (constants.ts). The taint of an expression is computed on demand: an
 * identifier takes the taint of its latest binding before the use, request
 * object members and route parameters are sources (the tables of
 * taint-sources.ts), strings built by templates,
 * concatenation, `%` or `.format` carry the taint of their parts, lists and maps
 * read by a constant index or key give the element stored there, sanitisers stop
 * it for the sinks they protect (taint-spec.ts: `html.escape` for HTML, not for a
 * redirect), and a call to a local function whose return value is built from a
 * parameter carries the argument's taint. Loops are not iterated (no back edges).
 * Nothing crosses files here: a predicate imported from another module of the project guards as
 * a check until the repository pass (cross-file/) learns what it checks.
 *
 * This file is the facade the rules see (`TaintAnalysis`); the engine lives in taint/:
 *   state.ts       the model (Taint, bindings, scopes) and the per-file state every module shares
 *   bindings.ts    collecting bindings in one walk, and reading them back as definitions
 *   branches.ts    dropping branches a constant condition never takes; constants through bindings
 *   guards.ts      allow-list, validation and URL host checks
 *   containers.ts  list elements and keyed slots (`lst[1]`, `d['k']`, `conf.get('s', 'k')`)
 *   evaluate.ts    the taint of an expression (lookup, sources, operators, calls)
 *   summaries.ts   local function summaries, and following a sink's parameter to its callers
 *   predicates.ts  what a boolean function checks of its parameter (a substring only, or an exact match)
 */
import { textOf, unwrap } from './ast.js';
import { constantOf, UNKNOWN, type ConstResult } from './constants.js';
import type { Imports } from './imports.js';
import { profileOf } from './language-profile.js';
import { usesFunctionModel, type CodeLanguage, type SyntaxNode } from './parser.js';
import type { Trigger } from './prefilter.js';
import { JS_SANITISERS, PYTHON_SANITISERS, type SinkKind } from './taint-spec.js';
import { compileSources, sourceTriggers } from './taint-sources.js';
import { compilePropagators } from './taint-propagators.js';
import { closureWrites, collect, definitionsOfKey } from './taint/bindings.js';
import { constIdentifier, prune } from './taint/branches.js';
import { literalEntry, listElement, slotOf } from './taint/containers.js';
import { evaluate } from './taint/evaluate.js';
import { guard } from './taint/guards.js';
import { predicateOf } from './taint/predicates.js';
import { guardHolds, latest, scopeOf, type ImportedGuard, type Predicate, type Scope, type Taint, type TaintState } from './taint/state.js';
import { summaryOf, throughCallers } from './taint/summaries.js';

export type { ImportedGuard, Predicate, Taint } from './taint/state.js';

/**
 * Prefilter terms (prefilter.ts) for the sources of taint-sources.ts: a real source (`taintOf`
 * not undefined) needs one of these in the file.
 */
export const JS_SERVER_SOURCE_TRIGGERS: readonly Trigger[] = sourceTriggers('javascript', { client: false });
/** Also the browser's `location` and `document` (client-side sources). */
export const JS_SOURCE_TRIGGERS: readonly Trigger[] = sourceTriggers('javascript', { client: true });
export const PYTHON_SOURCE_TRIGGERS: readonly Trigger[] = sourceTriggers('python', { client: true });
const JS_SOURCES = compileSources('javascript');
const PYTHON_SOURCES = compileSources('python');
/** Which calls pass taint (taint-propagators.ts). */
const JS_PROPAGATORS = compilePropagators('javascript');
const PYTHON_PROPAGATORS = compilePropagators('python');

export class TaintAnalysis {
  private readonly state: TaintState;
  private readonly functionModel: boolean;
  /** Bindings are collected on the first question: most files never ask one. */
  private collected = false;

  constructor(root: SyntaxNode, text: string, language: CodeLanguage, imports: Imports) {
    const python = language === 'python';
    const profile = profileOf(language);
    // PHP, Go and Java use the simple local model of function-model/taint.ts instead.
    this.functionModel = usesFunctionModel(language);
    const state: TaintState = {
      root,
      text,
      python,
      profile,
      imports,
      sanitisers: python ? PYTHON_SANITISERS : JS_SANITISERS,
      sources: python ? PYTHON_SOURCES : JS_SOURCES,
      propagators: python ? PYTHON_PROPAGATORS : JS_PROPAGATORS,
      env: { text, python, profile, identifier: (n) => constIdentifier(state, n) },
      scopes: new Map(),
      moduleScope: { parent: undefined, bindings: new Map() },
      functionsByName: new Map(),
      memo: new Map(),
      active: new Set(),
      summaries: new Map(),
      constMemo: new Map(),
      constActive: new Set(),
      shared: new Set(),
      switches: new Map(),
      ifs: [],
      functionNamesMemo: undefined,
      callSitesMemo: undefined,
      importedGuards: new Map(),
      consulted: new Set(),
      ineffective: undefined,
      passing: undefined,
      predicates: new Map(),
      exported: undefined,
      openEntries: false,
      entriesAsSources: false,
    };
    this.state = state;
  }

  private ensureCollected(): void {
    if (this.collected) return;
    this.collected = true;
    if (this.functionModel) return;
    const s = this.state;
    collect(s);
    if (!s.python) closureWrites(s);
    prune(s);
    // Guards read taint and constants: after every binding is known and dead branches are gone.
    for (const ifNode of s.ifs) guard(s, ifNode);
    s.memo.clear();
    s.summaries.clear();
    s.constMemo.clear();
    s.consulted.clear();
    s.openEntries = false;
  }

  /** Whether a parameter of an exported function reached a sink that no caller in this file feeds (taint/summaries.ts). */
  openEntries(): boolean {
    return this.state.openEntries;
  }

  /** Asks the next questions with such parameters taken as sources (Taint.entry), or not. */
  assumeEntriesTainted(on: boolean): void {
    this.ensureCollected();
    const s = this.state;
    s.entriesAsSources = on;
    s.memo.clear();
    s.summaries.clear();
  }

  /** The request data an expression carries, whatever sink it goes to (arguments of calls into other files), or undefined. */
  requestDataOf(node: SyntaxNode): Taint | undefined {
    if (this.functionModel) return undefined;
    this.ensureCollected();
    const t = evaluate(this.state, node);
    return t && t.param === undefined ? t : undefined;
  }

  /**
   * Predicates imported from the project's other modules whose checks the questions asked so far
   * relied on (`if (security.isRedirectAllowed(url))` before a redirect of `url`), by id, in the
   * order they were first called in the file.
   */
  consultedGuards(): { readonly id: string; readonly guard: ImportedGuard }[] {
    const out: { id: string; guard: ImportedGuard }[] = [];
    for (const [id, guard] of this.state.importedGuards) if (this.state.consulted.has(id)) out.push({ id, guard });
    return out;
  }

  /**
   * Asks the next questions as if the imported guard `id` did not hold (undefined: as written).
   * The scanner re-runs its rules so, to find what that guard alone keeps from being reported.
   */
  assumeIneffective(id: string | undefined): void {
    this.ensureCollected();
    const s = this.state;
    s.ineffective = id;
    s.memo.clear();
    s.summaries.clear();
  }

  /**
   * Asks the next questions as if calls of the function imported as `callee` (as written) returned
   * their arguments' taint (undefined: as written, an unknown function's result carries none). The
   * scanner re-runs its rules so, to find what only such a function of another module would let through.
   */
  assumePassing(callee: string | undefined): void {
    this.ensureCollected();
    const s = this.state;
    s.passing = callee;
    s.memo.clear();
    s.summaries.clear();
  }

  /** The parameters (by index) whose taint a function's return value carries (taint/summaries.ts). */
  passedParameters(fn: SyntaxNode): number[] {
    if (this.functionModel) return [];
    this.ensureCollected();
    return [...summaryOf(this.state, fn).params.keys()];
  }

  /** The function and parameter index whose value an expression carries (`data` in `update(data)` of `(data) => …`), if any. */
  parameterOf(node: SyntaxNode): { readonly fn: SyntaxNode; readonly index: number } | undefined {
    if (this.functionModel) return undefined;
    this.ensureCollected();
    const t = evaluate(this.state, node);
    return t?.param !== undefined && t.fn ? { fn: t.fn, index: t.param } : undefined;
  }

  /** What a function returning a boolean checks of its first parameter (taint/predicates.ts), if that can be told. */
  predicate(fn: SyntaxNode): Predicate | undefined {
    if (this.functionModel) return undefined;
    this.ensureCollected();
    return predicateOf(this.state, fn);
  }

  /**
   * The taint of an expression from a real source (request data) as it reaches a sink of the
   * given kind, or undefined: a value sanitised for another kind of sink still counts
   * (`html.escape(x)` in a redirect).
   */
  taintOf(node: SyntaxNode | undefined, sink: SinkKind): Taint | undefined {
    if (!node || this.functionModel) return undefined;
    this.ensureCollected();
    const t = evaluate(this.state, node);
    if (!t || t.cleared?.has(sink)) return undefined;
    return t.param === undefined ? t : throughCallers(this.state, t, sink, 0);
  }

  /** The constant value of an expression when the analysis proves it (constants.ts), else UNKNOWN. */
  constantOf(node: SyntaxNode | undefined): ConstResult {
    if (!node || this.functionModel) return UNKNOWN;
    this.ensureCollected();
    return constantOf(this.state.env, node);
  }

  /** The expression last assigned to an identifier before its use (for pattern checks), if any. */
  definitionOf(identifier: SyntaxNode): SyntaxNode | undefined {
    return this.definitionsOf(identifier).at(-1);
  }

  /** The last assignment to an identifier before its use and the `+=` appended after it, in order. */
  definitionsOf(identifier: SyntaxNode): SyntaxNode[] {
    this.ensureCollected();
    return definitionsOfKey(textOf(this.state.text, identifier), identifier.start, scopeOf(this.state, identifier));
  }

  /**
   * Every expression the identifier may hold here: like definitionsOf, but an assignment inside a
   * branch (`if not param: param = ""`) adds to what came before instead of replacing it. For
   * questions that must hold on every path (is this value harmless?).
   */
  reachingDefinitionsOf(identifier: SyntaxNode): SyntaxNode[] {
    this.ensureCollected();
    return definitionsOfKey(textOf(this.state.text, identifier), identifier.start, scopeOf(this.state, identifier), true);
  }

  /**
   * For a read by constant index or key (`lst[1]` of a list built in straight-line code,
   * `d['k']`, `conf.get('s', 'k')` after `conf.set('s', 'k', v)`), the expressions that can be
   * stored there; undefined when the read is not one the analysis resolves.
   */
  storedValues(node: SyntaxNode): SyntaxNode[] | undefined {
    if (this.functionModel) return undefined;
    this.ensureCollected();
    const n = unwrap(node, this.state.profile);
    if (this.state.profile.kinds.subscripts.has(n.type)) {
      const element = listElement(this.state, n);
      if (element !== undefined) return element ? [element] : [];
    }
    const slot = slotOf(this.state, n);
    if (!slot) return undefined;
    const scope = scopeOf(this.state, n);
    for (const path of slot.paths) {
      const defs = definitionsOfKey(path, n.start, scope);
      if (defs.length > 0) return defs;
    }
    const literal = literalEntry(this.state, slot.base, slot.first, n.start, scope);
    return literal === undefined ? undefined : literal ? [literal] : [];
  }

  /** Whether an identifier's latest binding before its use is an allow-list or validation check (`if (!ALLOWED.includes(x)) return`). */
  isChecked(identifier: SyntaxNode): boolean {
    if (this.functionModel) return false;
    this.ensureCollected();
    const name = textOf(this.state.text, identifier);
    for (let scope: Scope | undefined = scopeOf(this.state, identifier); scope; scope = scope.parent) {
      const binding = latest(scope.bindings.get(name), identifier.start);
      if (binding) return binding.kind === 'clean' && binding.kinds === undefined && guardHolds(this.state, binding.guard);
    }
    return false;
  }

  /** Human wording of a flow for finding descriptions. */
  describe(taint: Taint): string {
    return `\`${taint.source}\` (line ${taint.line})${taint.via === undefined ? '' : `, passed to \`${taint.via}()\``}`;
  }
}
