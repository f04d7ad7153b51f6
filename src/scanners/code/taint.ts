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
 * parameter carries the argument's taint. Loops are not iterated (no back edges)
 * and nothing crosses files.
 */
import { callShape, child, descendants, functionTypes, memberChain, namedChildren, stringValue, textOf, unwrap } from './ast.js';
import { constantOf, keyOf, truthOf, UNKNOWN, type Const, type ConstEnv, type ConstResult } from './constants.js';
import type { Imports } from './imports.js';
import { usesFunctionModel, type CodeLanguage, type SyntaxNode } from './parser.js';
import type { Trigger } from './prefilter.js';
import {
  JS_SANITISERS,
  PY_URL_VALIDATORS,
  PYTHON_SANITISERS,
  URL_HOST_CHECKED,
  URL_HOST_PARTS,
  URL_PARSERS,
  type SanitiserKinds,
  type SanitiserTable,
  type SinkKind,
} from './taint-spec.js';
import { compileSources, sourceTriggers, type CompiledSources, type ReceiverMatcher, type RouteMatcher } from './taint-sources.js';
import { compilePropagators, type CompiledPropagators } from './taint-propagators.js';

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
}

type Binding =
  | { readonly pos: number; readonly kind: 'expr'; readonly node: SyntaxNode; readonly site?: SyntaxNode }
  /** `x += v`, `items.append(v)`, `d['k'] = v` (keyed: the slot written, so reads of other keys skip it). */
  | { readonly pos: number; readonly kind: 'augment'; readonly node: SyntaxNode; readonly at: number; readonly site?: SyntaxNode; readonly keyed?: string }
  /** An assignment inside a branch or loop body: it holds inside the block; after it, the variable may still have its value from before. */
  | { readonly pos: number; readonly kind: 'maybe'; readonly node: SyntaxNode; readonly at: number; readonly block: SyntaxNode; readonly site?: SyntaxNode }
  | { readonly pos: number; readonly kind: 'param'; readonly index: number; readonly name: string; readonly line: number; readonly route: boolean; readonly fn: SyntaxNode }
  /** A check passed (allow-list, validation): clean for every sink, or only for `kinds` (a URL whose host was checked). */
  | { readonly pos: number; readonly kind: 'clean'; readonly at: number; readonly kinds?: readonly SinkKind[] }
  | { readonly pos: number; readonly kind: 'restore'; readonly at: number };

interface Scope {
  readonly parent: Scope | undefined;
  readonly bindings: Map<string, Binding[]>;
}

const NOT_FOUND = Symbol('not-found');

/** What a local function's return value carries: the taint of some parameters (with the sinks sanitised on the way), or request data it reads itself. */
interface Summary {
  readonly params: Map<number, ReadonlySet<SinkKind> | undefined>;
  source: Taint | undefined;
}

/** Properties holding a number: no taint in the value. */
const CLEAN_PROPS = new Set(['length', 'size']);

/** Methods that read a slot by key: `d.get('k')`, `conf.get('section', 'key')`, `map.get('k')`. */
const KEYED_READS = new Set(['get', 'getint', 'getfloat', 'getboolean']);
/** Methods of a list that neither change it nor let it escape. */
const LIST_READS = new Set(['count', 'index', 'copy', 'indexOf', 'includes', 'at', 'slice']);
/** Statements whose bodies may not run (or run more than once): an assignment in them is a may-assignment after them. */
const BRANCHES = new Set(['if_statement', 'elif_clause', 'else_clause', 'while_statement', 'for_statement', 'for_in_statement', 'do_statement', 'except_clause', 'catch_clause', 'switch_case', 'switch_default', 'case_clause', 'match_statement']);
const LOOPS = new Set(['while_statement', 'for_statement', 'for_in_statement', 'do_statement']);

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

type BranchState = 'dead' | 'always' | 'maybe';
/** Whether a statement can run, and the innermost branch body it may or may not run in. */
interface Reach {
  readonly dead: boolean;
  readonly block: SyntaxNode | undefined;
}
const DEAD: Reach = Object.freeze({ dead: true, block: undefined });
const REACHED: Reach = Object.freeze({ dead: false, block: undefined });

/** A fact a passed check establishes: the value under `key` is allowed (for every sink, or for `kinds` only). */
/** String and list methods without side effects, whose result depends only on the receiver and constant arguments. */
const PURE_STRING_METHODS = new Set(['split', 'slice', 'at', 'toLowerCase', 'toUpperCase', 'trim', 'trimStart', 'trimEnd', 'substring', 'substr', 'lower', 'upper', 'strip', 'rsplit', 'rpartition', 'partition']);

interface Check {
  readonly key: string;
  readonly kinds?: readonly SinkKind[];
}

export class TaintAnalysis {
  private readonly scopes = new Map<SyntaxNode, Scope>();
  private readonly moduleScope: Scope = { parent: undefined, bindings: new Map() };
  private readonly functionsByName = new Map<string, SyntaxNode>();
  private readonly memo = new Map<SyntaxNode, Taint | null>();
  private readonly active = new Set<SyntaxNode>();
  private readonly summaries = new Map<SyntaxNode, Summary>();
  private readonly constMemo = new Map<SyntaxNode, ConstResult>();
  private readonly constActive = new Set<SyntaxNode>();
  /**
   * Names a function writes that belong to an enclosing scope (Python `global`/`nonlocal`, a
   * JavaScript assignment without a declaration in that function): never constant, since a call
   * may change them at any time.
   */
  private readonly shared = new Set<string>();
  /** Switch bodies and the cases a constant discriminant lets run. */
  private readonly switches = new Map<SyntaxNode, ReadonlySet<SyntaxNode> | 'all'>();
  /** `if` statements, whose guards are read once every binding is collected. */
  private readonly ifs: SyntaxNode[] = [];
  private readonly fnTypes: ReadonlySet<string>;
  private readonly python: boolean;
  private readonly functionModel: boolean;
  private readonly sanitisers: SanitiserTable;
  private readonly sources: CompiledSources;
  private readonly propagators: CompiledPropagators;
  private readonly env: ConstEnv;
  /** Bindings are collected on the first question: most files never ask one. */
  private collected = false;

  constructor(
    private readonly root: SyntaxNode,
    private readonly text: string,
    language: CodeLanguage,
    private readonly imports: Imports,
  ) {
    this.python = language === 'python';
    this.fnTypes = functionTypes(language);
    // PHP, Go and Java use the simple local model of function-model/taint.ts instead.
    this.functionModel = usesFunctionModel(language);
    this.sanitisers = this.python ? PYTHON_SANITISERS : JS_SANITISERS;
    this.sources = this.python ? PYTHON_SOURCES : JS_SOURCES;
    this.propagators = this.python ? PYTHON_PROPAGATORS : JS_PROPAGATORS;
    this.env = { text, python: this.python, identifier: (n) => this.constIdentifier(n) };
  }

  private ensureCollected(): void {
    if (this.collected) return;
    this.collected = true;
    if (this.functionModel) return;
    this.collect();
    if (!this.python) this.closureWrites();
    this.prune();
    // Guards read taint and constants: after every binding is known and dead branches are gone.
    for (const ifNode of this.ifs) this.guard(ifNode);
    this.memo.clear();
    this.summaries.clear();
    this.constMemo.clear();
  }

  /**
   * The taint of an expression from a real source (request data) as it reaches a sink of the
   * given kind, or undefined: a value sanitised for another kind of sink still counts
   * (`html.escape(x)` in a redirect).
   */
  taintOf(node: SyntaxNode | undefined, sink: SinkKind): Taint | undefined {
    if (!node || this.functionModel) return undefined;
    this.ensureCollected();
    const t = this.evaluate(node);
    if (!t || t.cleared?.has(sink)) return undefined;
    return t.param === undefined ? t : this.throughCallers(t, sink, 0);
  }

  /**
   * A sink inside a local function reached by one of its parameters: the taint of the argument
   * some call of that function in this file passes there (`run(cmd)` → `subprocess.call(cmd,
   * shell=True)` inside `run`), followed up through at most three such functions. Only calls by
   * plain name to a function of this file; methods (`self.run(x)`) are not followed.
   */
  private throughCallers(t: Taint, sink: SinkKind, depth: number): Taint | undefined {
    if (depth > 2 || t.fn === undefined || t.param === undefined) return undefined;
    const name = this.functionNames().get(t.fn);
    if (name === undefined) return undefined;
    for (const site of this.callSites().get(name) ?? []) {
      const call = callShape(this.text, site);
      const arg = call?.args[t.param] ?? (t.paramName !== undefined ? call?.kwargs.get(t.paramName) : undefined);
      const a = arg ? this.evaluate(arg) : undefined;
      if (!a || a.cleared?.has(sink)) continue;
      const found = a.param === undefined ? a : this.throughCallers(a, sink, depth + 1);
      if (found) return { ...found, via: found.via ?? name, cleared: t.cleared && found.cleared ? new Set([...t.cleared, ...found.cleared]) : (t.cleared ?? found.cleared) };
    }
    return undefined;
  }

  private functionNamesMemo: Map<SyntaxNode, string> | undefined;
  /** Local functions by node, for those a call by plain name reaches (not methods taking `self`/`cls`). */
  private functionNames(): Map<SyntaxNode, string> {
    if (this.functionNamesMemo) return this.functionNamesMemo;
    const names = new Map<SyntaxNode, string>();
    for (const [name, fn] of this.functionsByName) {
      const params = child(fn, 'parameters');
      const first = params ? namedChildren(params)[0] : undefined;
      if (this.python && first && /^(?:self|cls)$/.test(textOf(this.text, first))) continue;
      names.set(fn, name);
    }
    return (this.functionNamesMemo = names);
  }

  private callSitesMemo: Map<string, SyntaxNode[]> | undefined;
  /** Calls by plain name (`run(x)`), by the name called. */
  private callSites(): Map<string, SyntaxNode[]> {
    if (this.callSitesMemo) return this.callSitesMemo;
    const sites = new Map<string, SyntaxNode[]>();
    for (const n of descendants(this.root)) {
      if (n.type !== 'call' && n.type !== 'call_expression') continue;
      const callee = child(n, 'function');
      if (callee?.type !== 'identifier') continue;
      const name = textOf(this.text, callee);
      const list = sites.get(name);
      if (list) list.push(n);
      else sites.set(name, [n]);
    }
    return (this.callSitesMemo = sites);
  }

  /** The constant value of an expression when the analysis proves it (constants.ts), else UNKNOWN. */
  constantOf(node: SyntaxNode | undefined): ConstResult {
    if (!node || this.functionModel) return UNKNOWN;
    this.ensureCollected();
    return constantOf(this.env, node);
  }

  /** The expression last assigned to an identifier before its use (for pattern checks), if any. */
  definitionOf(identifier: SyntaxNode): SyntaxNode | undefined {
    return this.definitionsOf(identifier).at(-1);
  }

  /** The last assignment to an identifier before its use and the `+=` appended after it, in order. */
  definitionsOf(identifier: SyntaxNode): SyntaxNode[] {
    this.ensureCollected();
    return this.definitionsOfKey(textOf(this.text, identifier), identifier.start, this.scopeOf(identifier));
  }

  /**
   * Every expression the identifier may hold here: like definitionsOf, but an assignment inside a
   * branch (`if not param: param = ""`) adds to what came before instead of replacing it. For
   * questions that must hold on every path (is this value harmless?).
   */
  reachingDefinitionsOf(identifier: SyntaxNode): SyntaxNode[] {
    this.ensureCollected();
    return this.definitionsOfKey(textOf(this.text, identifier), identifier.start, this.scopeOf(identifier), true);
  }

  private definitionsOfKey(name: string, at: number, from: Scope, reaching = false): SyntaxNode[] {
    for (let scope: Scope | undefined = from; scope; scope = scope.parent) {
      const list = (scope.bindings.get(name) ?? []).filter((b) => b.pos <= at).sort((a, b) => a.pos - b.pos);
      if (list.length === 0) continue;
      const result: SyntaxNode[] = [];
      for (let i = list.length - 1; i >= 0; i--) {
        const b = list[i] as Binding;
        if (b.kind === 'augment') result.unshift(b.node);
        else {
          // A branch assignment counts as the definition here (pattern checks look at the latest
          // value); the taint lookup still keeps the value from before the branch.
          if (b.kind === 'maybe') {
            result.unshift(b.node);
            // The branch may not have run: what the name held before it may reach here too.
            if (reaching && !(at >= b.block.start && at <= b.block.end)) continue;
          }
          if (b.kind === 'expr') result.unshift(b.node);
          // A parameter or a check before the branch: a value this list cannot show.
          else if (reaching && b.kind !== 'maybe') return [];
          break;
        }
      }
      return result;
    }
    return [];
  }

  /**
   * For a read by constant index or key (`lst[1]` of a list built in straight-line code,
   * `d['k']`, `conf.get('s', 'k')` after `conf.set('s', 'k', v)`), the expressions that can be
   * stored there; undefined when the read is not one the analysis resolves.
   */
  storedValues(node: SyntaxNode): SyntaxNode[] | undefined {
    if (this.functionModel) return undefined;
    this.ensureCollected();
    const n = unwrap(node);
    if (n.type === 'subscript' || n.type === 'subscript_expression') {
      const element = this.listElement(n);
      if (element !== undefined) return element ? [element] : [];
    }
    const slot = this.slotOf(n);
    if (!slot) return undefined;
    const scope = this.scopeOf(n);
    for (const path of slot.paths) {
      const defs = this.definitionsOfKey(path, n.start, scope);
      if (defs.length > 0) return defs;
    }
    const literal = this.literalEntry(slot.base, slot.first, n.start, scope);
    return literal === undefined ? undefined : literal ? [literal] : [];
  }

  /** Whether an identifier's latest binding before its use is an allow-list or validation check (`if (!ALLOWED.includes(x)) return`). */
  isChecked(identifier: SyntaxNode): boolean {
    if (this.functionModel) return false;
    this.ensureCollected();
    const name = textOf(this.text, identifier);
    for (let scope: Scope | undefined = this.scopeOf(identifier); scope; scope = scope.parent) {
      const binding = latest(scope.bindings.get(name), identifier.start);
      if (binding) return binding.kind === 'clean' && binding.kinds === undefined;
    }
    return false;
  }

  /** Human wording of a flow for finding descriptions. */
  describe(taint: Taint): string {
    return `\`${taint.source}\` (line ${taint.line})${taint.via === undefined ? '' : `, passed to \`${taint.via}()\``}`;
  }

  // ---- binding collection ------------------------------------------------

  private scopeOf(node: SyntaxNode): Scope {
    for (let p = node.parent; p; p = p.parent) {
      if (this.fnTypes.has(p.type)) return this.scopeFor(p);
    }
    return this.moduleScope;
  }

  private scopeFor(fn: SyntaxNode): Scope {
    let scope = this.scopes.get(fn);
    if (!scope) {
      scope = { parent: this.scopeOf(fn), bindings: new Map() };
      this.scopes.set(fn, scope);
    }
    return scope;
  }

  private bind(scopeNode: SyntaxNode, name: string, binding: Binding): void {
    const scope = this.fnTypes.has(scopeNode.type) ? this.scopeFor(scopeNode) : this.scopeOf(scopeNode);
    let list = scope.bindings.get(name);
    if (!list) scope.bindings.set(name, (list = []));
    list.push(binding);
  }

  /** An assignment of `value` to `name` at `site`: a may-assignment inside a branch or loop body. */
  private assign(site: SyntaxNode, name: string, value: SyntaxNode): void {
    const block = this.conditionalBlock(site);
    this.bind(site, name, block ? { pos: site.end, kind: 'maybe', node: value, at: site.start, block, site } : { pos: site.end, kind: 'expr', node: value, site });
  }

  /**
   * The name a value is stored under: identifiers and member chains as written, subscripts by a
   * literal key in a canonical form (`d['k']` and `d["k"]` are both `d["k"]`).
   */
  private key(node: SyntaxNode): string | undefined {
    const n = unwrap(node);
    if (n.type === 'identifier') return textOf(this.text, n);
    if (n.type === 'subscript_expression' || n.type === 'subscript') {
      const obj = child(n, n.type === 'subscript' ? 'value' : 'object');
      const index = literalKey(this.text, child(n, n.type === 'subscript' ? 'subscript' : 'index'));
      const base = obj ? this.key(obj) : undefined;
      if (base !== undefined && index !== undefined) return `${base}[${index}]`;
    }
    if (n.type === 'member_expression' || n.type === 'attribute' || n.type === 'subscript_expression' || n.type === 'subscript') {
      return textOf(this.text, n).replace(/\s+/g, '').replace(/\?\./g, '.');
    }
    return undefined;
  }

  private patternNames(pattern: SyntaxNode): string[] {
    const n = pattern;
    switch (n.type) {
      case 'identifier':
      case 'shorthand_property_identifier_pattern':
        return [textOf(this.text, n)];
      case 'member_expression':
      case 'attribute':
      case 'subscript':
      case 'subscript_expression': {
        const k = this.key(n);
        return k ? [k] : [];
      }
      case 'pair_pattern': {
        const v = child(n, 'value');
        return v ? this.patternNames(v) : [];
      }
      case 'object_assignment_pattern':
      case 'assignment_pattern':
      case 'default_parameter':
      case 'typed_default_parameter': {
        const l = child(n, 'left') ?? child(n, 'name');
        return l ? this.patternNames(l) : [];
      }
      case 'required_parameter':
      case 'optional_parameter': {
        const p = child(n, 'pattern');
        return p ? this.patternNames(p) : [];
      }
      case 'object_pattern':
      case 'array_pattern':
      case 'rest_pattern':
      case 'pattern_list':
      case 'tuple_pattern':
      case 'list_pattern':
      case 'list_splat_pattern':
      case 'dictionary_splat_pattern':
      case 'typed_parameter':
      case 'parenthesized_expression':
      case 'tuple':
      case 'list':
        return namedChildren(n)
          .filter((c) => c.type !== 'type' && c.type !== 'type_annotation')
          .flatMap((c) => this.patternNames(c));
      default:
        return [];
    }
  }

  private collect(): void {
    // Document order, as `descendants` walks, without a generator.
    const stack: SyntaxNode[] = [this.root];
    while (stack.length > 0) {
      const node = stack.pop() as SyntaxNode;
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as SyntaxNode);
      switch (node.type) {
        case 'variable_declarator': {
          const name = child(node, 'name');
          const value = child(node, 'value');
          if (!name) break;
          for (const n of this.patternNames(name)) this.bind(node, n, value ? { pos: node.end, kind: 'expr', node: value, site: node } : { pos: node.end, kind: 'clean', at: node.start });
          if (name.type === 'identifier' && value && this.fnTypes.has(unwrap(value).type)) this.functionsByName.set(textOf(this.text, name), unwrap(value));
          break;
        }
        case 'assignment_expression':
        case 'assignment': {
          const left = child(node, 'left');
          const right = child(node, 'right');
          if (!left || !right) break;
          for (const n of this.patternNames(left)) this.assign(node, n, right);
          if (left.type === 'identifier' && this.fnTypes.has(unwrap(right).type)) this.functionsByName.set(textOf(this.text, left), unwrap(right));
          // `d['k'] = v`: the container now holds v too (under that key when it is a literal).
          if (left.type === 'subscript' || left.type === 'subscript_expression') {
            const obj = child(left, left.type === 'subscript' ? 'value' : 'object');
            const k = obj ? this.key(obj) : undefined;
            const keyed = literalKey(this.text, child(left, left.type === 'subscript' ? 'subscript' : 'index'));
            if (k && !this.imports.aliases.has(k)) this.bind(node, k, { pos: node.end, kind: 'augment', node: right, at: node.start, site: node, keyed });
          }
          break;
        }
        case 'named_expression': {
          const name = child(node, 'name');
          const value = child(node, 'value');
          if (name && value) this.bind(node, textOf(this.text, name), { pos: node.end, kind: 'expr', node: value, site: node });
          break;
        }
        case 'augmented_assignment_expression':
        case 'augmented_assignment': {
          const left = child(node, 'left');
          const right = child(node, 'right');
          const k = left ? this.key(left) : undefined;
          if (k && right) this.bind(node, k, { pos: node.end, kind: 'augment', node: right, at: node.start, site: node });
          break;
        }
        case 'for_in_statement':
        case 'for_statement': {
          const left = child(node, 'left');
          const right = child(node, 'right');
          if (!left || !right) break;
          for (const n of this.patternNames(left)) this.bind(node, n, { pos: right.end, kind: 'expr', node: right });
          break;
        }
        case 'as_pattern': {
          const alias = child(node, 'alias');
          const value = namedChildren(node)[0];
          if (alias && value && value !== alias) for (const n of this.patternNames(namedChildren(alias)[0] ?? alias)) this.bind(node, n, { pos: node.end, kind: 'expr', node: value });
          break;
        }
        case 'if_statement':
          this.ifs.push(node);
          break;
        case 'global_statement':
        case 'nonlocal_statement':
          for (const n of namedChildren(node)) this.shared.add(textOf(this.text, n));
          break;
        case 'update_expression': {
          // `i++`: the variable changes (its taint does not).
          const arg = child(node, 'argument');
          const k = arg ? this.key(arg) : undefined;
          if (arg && k) this.bind(node, k, { pos: node.end, kind: 'augment', node: arg, at: node.start, site: node });
          break;
        }
        case 'call':
        case 'call_expression':
          this.containerWrite(node);
          break;
        default:
          if (this.fnTypes.has(node.type)) this.parameters(node);
      }
    }
  }

  /** JavaScript: names assigned in a function that neither declares them nor has them as parameters. */
  private closureWrites(): void {
    for (const scope of this.scopes.values()) {
      for (const name of scope.bindings.keys()) {
        let declared = false;
        let written = false;
        for (const b of scope.bindings.get(name) as Binding[]) {
          if (b.kind === 'param' || (b.kind === 'expr' && b.site?.type === 'variable_declarator') || (b.kind === 'clean' && !b.kinds)) declared = true;
          else if ((b.kind === 'expr' || b.kind === 'maybe' || b.kind === 'augment') && b.site) written = true;
        }
        if (written && !declared) this.shared.add(name);
      }
    }
  }

  private parameters(fn: SyntaxNode): void {
    const name = child(fn, 'name');
    if (name && (fn.type === 'function_declaration' || fn.type === 'function_definition' || fn.type === 'generator_function_declaration')) {
      if (!this.functionsByName.has(textOf(this.text, name))) this.functionsByName.set(textOf(this.text, name), fn);
    }
    const params = child(fn, 'parameters') ?? child(fn, 'parameter');
    if (!params) return;
    const list = params.type === 'identifier' ? [params] : namedChildren(params);
    const route = this.routeOf(fn);
    list.forEach((param, index) => {
      const input = this.isInputParameter(param, route);
      for (const n of this.patternNames(param)) {
        const isRoute = (input && !route?.notInput.has(n)) || this.sources.names.has(n);
        this.bind(fn, n, { pos: fn.start, kind: 'param', index, name: n, line: param.row + 1, route: isRoute, fn });
      }
    });
  }

  /** A parameter of a route (not an injected dependency) or one with a source decorator (`@Body()`). */
  private isInputParameter(param: SyntaxNode, route: RouteMatcher | undefined): boolean {
    if (route) return !(route.injectedDefault && param.type.includes('default') && route.injectedDefault.test(textOf(this.text, param)));
    if (this.sources.decorators.size === 0) return false;
    return param.children.some((d) => d.type === 'decorator' && this.sources.decorators.has(/^@\s*(?:[\w$]+\s*\.\s*)*([\w$]+)/.exec(textOf(this.text, d))?.[1] ?? ''));
  }

  /**
   * `items.append(x)`, `list.push(x)`, `map.set(k, x)`, `conf.set(s, k, x)`: the container now carries
   * x's taint too; with literal keys, the slot `map["k"]` / `conf["s"]["k"]` holds x.
   */
  private containerWrite(node: SyntaxNode): void {
    const callee = child(node, 'function');
    const args = child(node, 'arguments');
    if (!callee || !args || (callee.type !== 'member_expression' && callee.type !== 'attribute')) return;
    const prop = child(callee, callee.type === 'attribute' ? 'attribute' : 'property');
    const object = child(callee, 'object');
    if (!prop || !object) return;
    const method = textOf(this.text, prop);
    if (!this.propagators.receiverWrites.has(method)) return;
    const k = this.key(object);
    if (!k || this.imports.aliases.has(k)) return;
    const values = namedChildren(args);
    if (method === 'set' && values.length >= 2) {
      const keys = values.slice(0, -1).map((a) => literalKey(this.text, a));
      const value = values.at(-1) as SyntaxNode;
      if (keys.every((x) => x !== undefined)) {
        this.assign(node, `${k}${keys.map((x) => `[${x}]`).join('')}`, value);
        this.bind(node, k, { pos: node.end, kind: 'augment', node: value, at: node.start, site: node, keyed: keys[0] });
        return;
      }
    }
    this.bind(node, k, { pos: node.end, kind: 'augment', node: args, at: node.start, site: node });
  }

  /** The innermost branch or loop body holding a statement within its function, if any. */
  private conditionalBlock(node: SyntaxNode): SyntaxNode | undefined {
    for (let p: SyntaxNode = node, pp = node.parent; pp; p = pp, pp = pp.parent) {
      if (this.fnTypes.has(pp.type)) return undefined;
      if (this.isBranchBody(p, pp)) return p;
    }
    return undefined;
  }

  private isBranchBody(p: SyntaxNode, pp: SyntaxNode): boolean {
    if (!BRANCHES.has(pp.type)) return false;
    if (p === child(pp, 'condition') || p === child(pp, 'left') || p === child(pp, 'right') || p === child(pp, 'initializer') || p === child(pp, 'value') || p === child(pp, 'subject')) return false;
    return pp.type === 'else_clause' || pp.type === 'elif_clause' || p.type === 'block' || p.type === 'statement_block' || p.type.endsWith('_statement');
  }

  /** The route source whose decorator the function carries (a Python route handler), if any. */
  private routeOf(fn: SyntaxNode): RouteMatcher | undefined {
    const parent = fn.parent;
    if (parent?.type !== 'decorated_definition' || this.sources.routes.length === 0) return undefined;
    const decorators = namedChildren(parent).filter((d) => d.type === 'decorator').map((d) => textOf(this.text, d));
    return this.sources.routes.find((r) => decorators.some((d) => r.decorator.test(d)));
  }

  // ---- guards --------------------------------------------------------------

  /**
   * Allow-list and validation guards: `if (!ALLOWED.includes(x)) return;`, `if x not in ALLOWED:
   * abort(400)`, `if (ALLOWED.has(x)) { … }`, `if x == 'asc':`, and URL host checks
   * (`if urlparse(u).netloc not in HOSTS or …: return`, `url_has_allowed_host_and_scheme(u, …)`),
   * through `and`, `or` and `not`.
   */
  private guard(ifNode: SyntaxNode): void {
    const condition = child(ifNode, 'condition');
    const consequence = child(ifNode, 'consequence');
    if (!condition || !consequence) return;
    for (const c of this.checks(condition, true)) {
      this.bind(ifNode, c.key, { pos: consequence.start, kind: 'clean', at: ifNode.start, kinds: c.kinds });
      this.bind(ifNode, c.key, { pos: consequence.end, kind: 'restore', at: ifNode.start });
    }
    const whenFalse = this.checks(condition, false);
    if (whenFalse.length === 0) return;
    const leaves = exits(this.text, consequence);
    for (const c of whenFalse) {
      // `if x not in ALLOWED: return`, or `x = DEFAULT` (a fallback): past the if, x is allowed or the fallback.
      if (leaves || (c.kinds === undefined && this.reassigns(consequence, c.key))) this.bind(ifNode, c.key, { pos: ifNode.end + 1, kind: 'clean', at: ifNode.start, kinds: c.kinds });
    }
    // `if x in ALLOWED: … else: …`: the else branch knows the negation.
    const alt = namedChildren(ifNode).find((c) => c.type === 'else_clause');
    const body = alt && (child(alt, 'body') ?? namedChildren(alt)[0]);
    if (body && namedChildren(ifNode).filter((c) => c.type === 'elif_clause').length === 0) {
      for (const c of whenFalse) {
        this.bind(ifNode, c.key, { pos: body.start, kind: 'clean', at: ifNode.start, kinds: c.kinds });
        this.bind(ifNode, c.key, { pos: body.end, kind: 'restore', at: ifNode.start });
      }
    }
  }

  /** What holds when `cond` evaluates to `truth`. */
  private checks(condition: SyntaxNode, truth: boolean, depth = 0): Check[] {
    if (depth > 6) return [];
    const cond = unwrap(condition);
    if (cond.type === 'not_operator' || (cond.type === 'unary_expression' && textOf(this.text, cond).startsWith('!'))) {
      const arg = child(cond, 'argument');
      return arg ? this.checks(arg, !truth, depth + 1) : [];
    }
    const left = child(cond, 'left');
    const right = child(cond, 'right');
    if ((cond.type === 'boolean_operator' || cond.type === 'binary_expression') && left && right) {
      const op = this.text.slice(left.end, right.start).trim();
      // `a and b` true: both hold; `a or b` false: neither holds.
      if ((op === 'and' || op === '&&') && truth) return [...this.checks(left, true, depth + 1), ...this.checks(right, true, depth + 1)];
      if ((op === 'or' || op === '||') && !truth) return [...this.checks(left, false, depth + 1), ...this.checks(right, false, depth + 1)];
      if (cond.type === 'boolean_operator' || ['&&', '||'].includes(op)) return [];
    }
    const comparison = this.comparison(cond);
    if (comparison) {
      const { op, a, b } = comparison;
      if ((op === 'in' && truth) || (op === 'not in' && !truth)) return this.evaluate(b) ? [] : this.checked(a);
      const equality = ['==', '==='].includes(op) ? truth : ['!=', '!=='].includes(op) ? !truth : undefined;
      if (equality) {
        if (this.constantOf(b) !== UNKNOWN) return this.checked(a);
        if (this.constantOf(a) !== UNKNOWN) return this.checked(b);
      }
      return [];
    }
    if (!truth) return [];
    const call = callShape(this.text, cond);
    if (!call) return [];
    const qualified = this.imports.qualify(call.name);
    let checked: SyntaxNode | undefined;
    if (['includes', 'has', 'test'].includes(call.method) && call.receiver) {
      if (call.method !== 'test' && this.evaluate(call.receiver)) return [];
      checked = call.args[0];
    } else if (/^(?:validator\.)?is[A-Z]\w*$|^isValid\w*$/.test(call.name)) checked = call.args[0];
    else if (['re.fullmatch', 're.match'].includes(qualified)) checked = call.args[1];
    else if (['isdigit', 'isalnum', 'isnumeric', 'isdecimal'].includes(call.method)) checked = call.receiver;
    else if (PY_URL_VALIDATORS.has(qualified) || PY_URL_VALIDATORS.has(call.name)) {
      const url = call.args[0] ?? call.kwargs.get('url');
      const k = url ? this.key(url) : undefined;
      return k ? [{ key: k, kinds: URL_HOST_CHECKED }] : [];
    }
    const k = checked ? (this.key(checked) ?? this.pureKey(checked)) : undefined;
    return k ? [{ key: k }] : [];
  }

  /** `a OP b` for `in`, `not in`, `==`, `!=`, `===`, `!==` (Python comparisons of two operands, JS binary expressions). */
  private comparison(cond: SyntaxNode): { op: string; a: SyntaxNode; b: SyntaxNode } | undefined {
    if (cond.type === 'comparison_operator') {
      const parts = namedChildren(cond);
      if (parts.length !== 2) return undefined;
      const [a, b] = parts as [SyntaxNode, SyntaxNode];
      return { op: this.text.slice(a.end, b.start).replace(/\s+/g, ' ').trim(), a, b };
    }
    if (cond.type === 'binary_expression') {
      const a = child(cond, 'left');
      const b = child(cond, 'right');
      if (!a || !b) return undefined;
      const op = this.text.slice(a.end, b.start).trim();
      return ['==', '===', '!=', '!=='].includes(op) ? { op, a, b } : undefined;
    }
    return undefined;
  }

  /**
   * The value a check constrains: the expression itself, or for a URL's host (`u.netloc`,
   * `urlparse(x).hostname`, `new URL(x).host`) the URL parsed, for redirect and request sinks only.
   */
  private checked(node: SyntaxNode): Check[] {
    const n = unwrap(node);
    if (n.type === 'attribute' || n.type === 'member_expression') {
      const prop = child(n, n.type === 'attribute' ? 'attribute' : 'property');
      const obj = child(n, 'object');
      if (prop && obj && URL_HOST_PARTS.has(textOf(this.text, prop))) {
        const url = this.parsedUrl(obj);
        const k = url ? this.key(url) : undefined;
        if (k) return [{ key: k, kinds: URL_HOST_CHECKED }];
      }
    }
    const k = this.key(n) ?? this.pureKey(n);
    return k ? [{ key: k }] : [];
  }

  /** For `urlparse(x)` (or a variable assigned it), x. */
  private parsedUrl(node: SyntaxNode, depth = 0): SyntaxNode | undefined {
    const n = unwrap(node);
    if (n.type === 'identifier' && depth === 0) {
      const defs = this.definitionsOfKey(textOf(this.text, n), n.start, this.scopeOf(n));
      return defs.length === 1 && defs[0] ? this.parsedUrl(defs[0], 1) : undefined;
    }
    const call = callShape(this.text, n);
    if (!call) return undefined;
    const name = call.isNew ? `new ${call.name}` : call.name;
    return URL_PARSERS.has(this.imports.qualify(call.name)) || URL_PARSERS.has(name) ? call.args[0] : undefined;
  }

  /** Whether a guard's consequence ends by assigning a value that carries no taint to `k`. */
  private reassigns(consequence: SyntaxNode, k: string): boolean {
    const last = consequence.type === 'statement_block' || consequence.type === 'block' ? namedChildren(consequence).at(-1) : consequence;
    const assign = last && (last.type === 'expression_statement' ? namedChildren(last)[0] : last);
    if (!assign || (assign.type !== 'assignment' && assign.type !== 'assignment_expression')) return false;
    const left = child(assign, 'left');
    const right = child(assign, 'right');
    return !!left && !!right && this.key(left) === k && isLiteral(unwrap(right));
  }

  // ---- constant branches -------------------------------------------------

  /**
   * Drops bindings in branches a constant condition never takes and turns may-assignments in
   * branches it always takes into plain ones (`if 7 * 42 - num > 200: bar = 'x' else: bar = param`
   * with `num = 86` leaves `bar = 'x'`).
   */
  private prune(): void {
    const known = new Map<SyntaxNode, Reach>();
    // Decide every binding first (constants read the bindings as collected), then rewrite.
    const rewrites: { list: Binding[]; index: number; binding: Binding | undefined }[] = [];
    const visit = (scope: Scope): void => {
      for (const list of scope.bindings.values()) {
        for (let i = 0; i < list.length; i++) {
          const b = list[i] as Binding;
          if ((b.kind !== 'maybe' && b.kind !== 'augment') || !b.site) continue;
          const reach = this.reach(b.site, known, b.kind === 'maybe' ? b.block : undefined);
          if (reach.dead) rewrites.push({ list, index: i, binding: undefined });
          else if (b.kind === 'maybe' && reach.block !== b.block) {
            rewrites.push({ list, index: i, binding: reach.block ? { ...b, block: reach.block } : { pos: b.pos, kind: 'expr', node: b.node, site: b.site } });
          }
        }
      }
    };
    visit(this.moduleScope);
    for (const scope of this.scopes.values()) visit(scope);
    if (rewrites.length === 0) return;
    const dead = new Set<Binding>();
    for (const r of rewrites) {
      if (r.binding) r.list[r.index] = r.binding;
      else dead.add(r.list[r.index] as Binding);
    }
    if (dead.size > 0) {
      const drop = (scope: Scope): void => {
        for (const [name, list] of scope.bindings) if (list.some((b) => dead.has(b))) scope.bindings.set(name, list.filter((b) => !dead.has(b)));
      };
      drop(this.moduleScope);
      for (const scope of this.scopes.values()) drop(scope);
    }
    this.constMemo.clear();
  }

  /** Whether a statement can run (memoised per branch body, outermost decisions first). */
  private reach(site: SyntaxNode, known: Map<SyntaxNode, Reach>, block = this.conditionalBlock(site)): Reach {
    if (!block) return REACHED;
    const cached = known.get(block);
    if (cached) return cached;
    const branch = block.parent as SyntaxNode;
    const state = this.branchState(branch, block);
    let result: Reach;
    if (state === 'dead') result = DEAD;
    else {
      const outer = this.reach(branch, known);
      result = outer.dead ? DEAD : state === 'maybe' ? { dead: false, block } : outer;
    }
    known.set(block, result);
    return result;
  }

  private branchState(pp: SyntaxNode, body: SyntaxNode): BranchState {
    const fromTruth = (t: boolean | undefined): BranchState => (t === undefined ? 'maybe' : t ? 'always' : 'dead');
    switch (pp.type) {
      case 'if_statement':
        return body === child(pp, 'consequence') ? fromTruth(this.truth(child(pp, 'condition'))) : 'maybe';
      case 'elif_clause':
      case 'else_clause': {
        const ifNode = pp.parent;
        if (ifNode?.type !== 'if_statement') return 'maybe';
        // The conditions tested before this clause: the if's, then (Python) the elifs before it.
        const before = [child(ifNode, 'condition'), ...namedChildren(ifNode).filter((c) => c.type === 'elif_clause' && c.start < pp.start).map((c) => child(c, 'condition'))];
        let allFalse = true;
        for (const c of before) {
          const t = this.truth(c);
          if (t === true) return 'dead';
          if (t !== false) allFalse = false;
        }
        if (pp.type === 'else_clause') return allFalse ? 'always' : 'maybe';
        const own = this.truth(child(pp, 'condition'));
        if (own === false) return 'dead';
        return allFalse && own === true ? 'always' : 'maybe';
      }
      case 'while_statement':
        return this.truth(child(pp, 'condition')) === false ? 'dead' : 'maybe';
      case 'match_statement':
        // Its cases decide (case_clause).
        return 'always';
      case 'case_clause':
        return this.caseState(pp);
      case 'switch_case':
      case 'switch_default':
        return this.switchState(pp);
      default:
        return 'maybe';
    }
  }

  private truth(node: SyntaxNode | undefined): boolean | undefined {
    return node ? truthOf(this.env, node) : undefined;
  }

  /** A Python `case` of a `match` on a constant: the first case whose pattern matches always runs, the others never. */
  private caseState(clause: SyntaxNode): BranchState {
    const match = clause.parent?.parent;
    if (match?.type !== 'match_statement') return 'maybe';
    const subjects = namedChildren(match).filter((c) => c.field === 'subject');
    const subject = subjects.length === 1 ? constantOf(this.env, subjects[0]) : UNKNOWN;
    if (subject === UNKNOWN) return 'maybe';
    let unsure = false;
    for (const c of namedChildren(clause.parent as SyntaxNode)) {
      if (c.type !== 'case_clause') continue;
      const pattern = namedChildren(c).find((x) => x.type === 'case_pattern');
      let r = pattern ? this.patternMatches(pattern, subject) : undefined;
      if (r === true && child(c, 'guard')) r = undefined;
      if (c === clause) return r === false ? 'dead' : r === true && !unsure ? 'always' : 'maybe';
      if (r === true && !unsure) return 'dead';
      if (r === undefined) unsure = true;
    }
    return 'maybe';
  }

  private patternMatches(pattern: SyntaxNode, subject: Const): boolean | undefined {
    const parts = namedChildren(pattern);
    if (pattern.type === 'case_pattern' && parts.length === 0) return textOf(this.text, pattern).trim() === '_' ? true : undefined;
    if (pattern.type === 'case_pattern' && parts.length === 1) return this.patternMatches(parts[0] as SyntaxNode, subject);
    if (pattern.type === 'union_pattern') {
      let unsure = false;
      for (const p of parts) {
        const r = this.patternMatches(p, subject);
        if (r === true) return true;
        if (r === undefined) unsure = true;
      }
      return unsure ? undefined : false;
    }
    // A bare name captures anything; a dotted name is a value pattern we do not resolve.
    if (pattern.type === 'dotted_name') return parts.length === 1 ? true : undefined;
    if (pattern.type === 'case_pattern') return undefined;
    const v = constantOf(this.env, pattern);
    if (v === UNKNOWN || typeof v === 'object') return undefined;
    return v === subject || (typeof v === 'number' && typeof subject === 'boolean' && v === Number(subject));
  }

  /** A JavaScript `case` of a `switch` on a constant: cases neither matched nor fallen into never run. */
  private switchState(clause: SyntaxNode): BranchState {
    const body = clause.parent;
    if (body?.parent?.type !== 'switch_statement') return 'maybe';
    let reachable = this.switches.get(body);
    if (reachable === undefined) this.switches.set(body, (reachable = this.reachableCases(body)));
    return reachable === 'all' ? 'maybe' : reachable.has(clause) ? 'maybe' : 'dead';
  }

  /** The cases of a switch on a constant that can run (the one matched and those it falls into), or 'all'. */
  private reachableCases(body: SyntaxNode): ReadonlySet<SyntaxNode> | 'all' {
    const value = constantOf(this.env, child(body.parent as SyntaxNode, 'value'));
    if (value === UNKNOWN || typeof value === 'object') return 'all';
    const cases = namedChildren(body).filter((c) => c.type === 'switch_case' || c.type === 'switch_default');
    let start = -1;
    for (const [i, c] of cases.entries()) {
      if (c.type === 'switch_default') continue;
      const v = constantOf(this.env, child(c, 'value'));
      if (v === UNKNOWN) return 'all';
      if (v === value) {
        start = i;
        break;
      }
    }
    if (start === -1) start = cases.findIndex((c) => c.type === 'switch_default');
    const reachable = new Set<SyntaxNode>();
    for (let i = start; i >= 0 && i < cases.length; i++) {
      const c = cases[i] as SyntaxNode;
      reachable.add(c);
      const last = namedChildren(c).filter((x) => x.field === 'body').at(-1);
      if (last && ['break_statement', 'return_statement', 'throw_statement', 'continue_statement'].includes(last.type)) break;
    }
    return reachable;
  }

  /** The constant an identifier holds at its use, through its bindings; UNKNOWN when a loop may change it. */
  private constIdentifier(node: SyntaxNode): ConstResult {
    const cached = this.constMemo.get(node);
    if (cached !== undefined) return cached;
    if (this.constActive.has(node) || this.constActive.size > 60) return UNKNOWN;
    this.constActive.add(node);
    let result: ConstResult = UNKNOWN;
    try {
      result = this.constOfName(textOf(this.text, node), node.start, this.scopeOf(node), node);
    } finally {
      this.constActive.delete(node);
    }
    this.constMemo.set(node, result);
    return result;
  }

  private constOfName(name: string, at: number, from: Scope, use: SyntaxNode): ConstResult {
    if (this.shared.has(name)) return UNKNOWN;
    for (let scope: Scope | undefined = from; scope; scope = scope.parent) {
      const list = scope.bindings.get(name);
      const binding = latest(list, at);
      if (!binding) continue;
      const value = this.constOfBinding(name, binding, list as Binding[], at, scope, from, use);
      if (value === UNKNOWN) return UNKNOWN;
      // A variable written inside a loop around the use may hold another value on the next pass.
      for (let p = use.parent; p && !this.fnTypes.has(p.type); p = p.parent) {
        if (LOOPS.has(p.type) && list?.some((b) => b.pos >= p.start && b.pos <= p.end)) return UNKNOWN;
      }
      return value;
    }
    return UNKNOWN;
  }

  private constOfBinding(name: string, binding: Binding, list: readonly Binding[], at: number, scope: Scope, from: Scope, use: SyntaxNode): ConstResult {
    {
      switch (binding.kind) {
        case 'expr':
          // Loop variables and `with … as x` have no site (their value is not the expression bound).
          // A name of an enclosing scope may be reassigned after this function is defined: only a name written once.
          if (!binding.site || (scope !== from && list.length > 1)) return UNKNOWN;
          return constantOf(this.env, binding.node);
        case 'maybe': {
          const inside = constantOf(this.env, binding.node);
          if (inside === UNKNOWN || (at >= binding.block.start && at <= binding.block.end)) return inside;
          const before = this.constOfName(name, binding.at, scope, use);
          return before !== UNKNOWN && keyOf(before) === keyOf(inside) ? inside : UNKNOWN;
        }
        case 'augment': {
          if (binding.keyed !== undefined || !binding.site || !/^(?:augmented_assignment|augmented_assignment_expression)$/.test(binding.site.type)) return UNKNOWN;
          if (!/^\s*\+=/.test(this.text.slice(child(binding.site, 'left')?.end ?? 0, binding.node.start))) return UNKNOWN;
          const before = this.constOfName(name, binding.at, scope, use);
          const added = constantOf(this.env, binding.node);
          if (typeof before === 'string' && typeof added === 'string') return before + added;
          if (typeof before === 'number' && typeof added === 'number') return before + added;
          return UNKNOWN;
        }
        case 'clean':
        case 'restore':
          return this.constOfName(name, binding.at, scope, use);
        default:
          return UNKNOWN;
      }
    }
  }

  // ---- lists and keyed containers ----------------------------------------

  /**
   * `lst[i]` with a constant i, for a list created by a literal and changed only by
   * `append`/`push`/`insert`/`extend`/`pop`/`shift`/`unshift` statements in the same block, with
   * no other use in between: the element node (null when the index is out of range), or
   * undefined when the list is not that simple.
   */
  private listElement(n: SyntaxNode): SyntaxNode | null | undefined {
    const obj = child(n, n.type === 'subscript' ? 'value' : 'object');
    const idx = child(n, n.type === 'subscript' ? 'subscript' : 'index');
    if (!obj || !idx || idx.type === 'slice') return undefined;
    const at = constantOf(this.env, idx);
    if (typeof at !== 'number' || !Number.isInteger(at)) return undefined;
    const target = unwrap(obj);
    const pick = (elements: readonly SyntaxNode[]): SyntaxNode | null => elements[at < 0 ? elements.length + at : at] ?? null;
    if (['list', 'tuple', 'array'].includes(target.type)) {
      const items = namedChildren(target);
      return items.some((c) => c.type === 'list_splat' || c.type === 'spread_element') ? undefined : pick(items);
    }
    if (target.type !== 'identifier') return undefined;
    const name = textOf(this.text, target);
    const scope = this.scopeOf(target);
    const list = scope.bindings.get(name);
    if (!list) return undefined;
    const before = list.filter((b) => b.pos <= n.start);
    const defIndex = before.reduce((best, b, i) => (b.kind !== 'augment' && (best === -1 || b.pos >= (before[best] as Binding).pos) ? i : best), -1);
    const def = before[defIndex];
    // Created here (a branch's own assignment counts inside that branch).
    const created = def?.kind === 'expr' || (def?.kind === 'maybe' && n.start >= def.block.start && n.end <= def.block.end);
    if (!created || !def.site || !['list', 'array'].includes(unwrap(def.node).type)) return undefined;
    const statement = statementOf(def.site);
    const elements = namedChildren(unwrap(def.node));
    if (!statement || elements.some((c) => c.type === 'list_splat' || c.type === 'spread_element')) return undefined;
    const calls = this.receiverCallsBetween(name, def.pos, n.start, statement);
    // Every mention of the list between its creation and the read is one of these calls.
    const mention = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g');
    const between = this.text.slice(def.pos, n.start);
    const receivers = new Set(calls.map((c) => (child(child(c, 'function') as SyntaxNode, 'object') as SyntaxNode).start - def.pos));
    for (const m of between.matchAll(mention)) if (!receivers.has(m.index)) return undefined;
    for (const c of calls) {
      if (statementOf(c)?.parent !== statement.parent) return undefined;
      const call = callShape(this.text, c);
      if (!call) return undefined;
      const args = call.args;
      const num = (a: SyntaxNode | undefined): number | undefined => {
        const v = a ? constantOf(this.env, a) : UNKNOWN;
        return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
      };
      switch (call.method) {
        case 'append':
        case 'push':
          if (call.method === 'append' ? args.length !== 1 : args.length === 0) return undefined;
          elements.push(...args);
          break;
        case 'unshift':
          elements.unshift(...args);
          break;
        case 'insert': {
          const i = num(args[0]);
          if (i === undefined || !args[1]) return undefined;
          elements.splice(i < 0 ? Math.max(0, elements.length + i) : i, 0, args[1]);
          break;
        }
        case 'extend': {
          const items = args[0] ? unwrap(args[0]) : undefined;
          if (!items || !['list', 'tuple'].includes(items.type)) return undefined;
          elements.push(...namedChildren(items));
          break;
        }
        case 'pop': {
          if (args.length === 0) elements.pop();
          else {
            const i = num(args[0]);
            if (i === undefined) return undefined;
            elements.splice(i < 0 ? elements.length + i : i, 1);
          }
          break;
        }
        case 'shift':
          elements.shift();
          break;
        default:
          if (!LIST_READS.has(call.method)) return undefined;
      }
    }
    return pick(elements);
  }

  /** Method calls on `name` between two positions, in the statements that follow `statement` in its block. */
  private receiverCallsBetween(name: string, from: number, to: number, statement: SyntaxNode): SyntaxNode[] {
    const calls: SyntaxNode[] = [];
    for (const sibling of statement.parent?.children ?? []) {
      if (sibling.end <= from || sibling.start >= to) continue;
      for (const c of descendants(sibling)) {
        if ((c.type !== 'call' && c.type !== 'call_expression') || c.start <= from || c.end > to) continue;
        const callee = child(c, 'function');
        const object = callee && (callee.type === 'attribute' || callee.type === 'member_expression') ? child(callee, 'object') : undefined;
        if (object?.type === 'identifier' && textOf(this.text, object) === name) calls.push(c);
      }
    }
    return calls.sort((a, b) => a.start - b.start);
  }

  /** For `obj[k]` or `obj.get(k…)` with literal keys: the container's name and the slot names to look up, most specific first. */
  private slotOf(n: SyntaxNode, shape?: ReturnType<typeof callShape>): { base: string; first: string; paths: string[]; fallback?: SyntaxNode } | undefined {
    if (n.type === 'subscript' || n.type === 'subscript_expression') {
      const obj = child(n, n.type === 'subscript' ? 'value' : 'object');
      const k = literalKey(this.text, child(n, n.type === 'subscript' ? 'subscript' : 'index'));
      const base = obj ? this.key(obj) : undefined;
      return base !== undefined && k !== undefined ? { base, first: k, paths: [`${base}[${k}]`] } : undefined;
    }
    if (n.type !== 'call' && n.type !== 'call_expression') return undefined;
    const callee = child(n, 'function');
    const prop = callee && child(callee, callee.type === 'attribute' ? 'attribute' : 'property');
    if (!prop || !KEYED_READS.has(textOf(this.text, prop))) return undefined;
    const call = shape ?? callShape(this.text, n);
    if (!call?.receiver || call.args.length === 0 || call.kwargs.size > 0) return undefined;
    const base = this.key(call.receiver);
    const keys = call.args.map((a) => literalKey(this.text, a));
    if (base === undefined || keys[0] === undefined) return undefined;
    const paths: string[] = [];
    // `conf.get('s', 'k')` is the slot conf["s"]["k"]; `d.get('k', default)` the slot d["k"].
    if (keys.length === 2 && keys[1] !== undefined) paths.push(`${base}[${keys[0]}][${keys[1]}]`);
    paths.push(`${base}[${keys[0]}]`);
    return { base, first: keys[0], paths, fallback: keys.length === 2 ? call.args[1] : undefined };
  }

  /** The entry `first` of the object or dict literal a container was created with: the value (null when absent), or undefined when not created by a literal. */
  private literalEntry(base: string, first: string, at: number, scope: Scope): SyntaxNode | null | undefined {
    const list = (scope.bindings.get(base) ?? []).filter((b) => b.pos <= at);
    const def = list.filter((b) => b.kind !== 'augment' || b.keyed === undefined).sort((a, b) => a.pos - b.pos).at(-1);
    if (def?.kind !== 'expr') return undefined;
    const literal = unwrap(def.node);
    if (literal.type !== 'dictionary' && literal.type !== 'object') return undefined;
    for (const p of namedChildren(literal)) {
      if (p.type !== 'pair') return undefined;
      const k = child(p, 'key');
      const key = k && (k.type === 'property_identifier' ? JSON.stringify(textOf(this.text, k)) : literalKey(this.text, k));
      if (key === undefined) return undefined;
      if (key === first) return child(p, 'value') ?? null;
    }
    return null;
  }

  /** The taint of a keyed read, or NOT_FOUND when it is not one the analysis resolves. */
  private slotTaint(n: SyntaxNode, shape?: ReturnType<typeof callShape>): Taint | undefined | typeof NOT_FOUND {
    const slot = this.slotOf(n, shape);
    if (!slot) return NOT_FOUND;
    const scope = this.scopeOf(n);
    for (const path of slot.paths) {
      const bound = this.lookup(path, n.start, scope);
      if (bound !== NOT_FOUND) return path === slot.paths.at(-1) && slot.fallback && slot.paths.length === 1 ? pick(bound, this.evaluate(slot.fallback)) : bound;
    }
    const literal = this.literalEntry(slot.base, slot.first, n.start, scope);
    if (literal !== undefined) return literal ? this.evaluate(literal) : slot.fallback ? this.evaluate(slot.fallback) : undefined;
    // Not written under this key: what the container held before, and what was put in it without a key.
    const rest = this.lookup(slot.base, n.start, scope, true);
    if (rest === NOT_FOUND) return NOT_FOUND;
    return slot.fallback ? pick(rest, this.evaluate(slot.fallback)) : rest;
  }

  // ---- evaluation --------------------------------------------------------

  /** `unkeyed`: skip writes under a literal key (a read by another key does not see them). */
  private lookup(name: string, at: number, from: Scope, unkeyed = false): Taint | undefined | typeof NOT_FOUND {
    for (let scope: Scope | undefined = from; scope; scope = scope.parent) {
      const binding = latest(scope.bindings.get(name), at);
      if (!binding) continue;
      switch (binding.kind) {
        case 'expr':
          return this.evaluate(binding.node);
        case 'augment': {
          const before = this.lookup(name, binding.at, scope, unkeyed);
          if (unkeyed && binding.keyed !== undefined) return before;
          return pick(before === NOT_FOUND ? undefined : before, this.evaluate(binding.node));
        }
        case 'maybe': {
          if (at >= binding.block.start && at <= binding.block.end) return this.evaluate(binding.node);
          const before = this.lookup(name, binding.at, scope, unkeyed);
          return pick(before === NOT_FOUND ? undefined : before, this.evaluate(binding.node));
        }
        case 'param':
          return binding.route
            ? { source: `request parameter ${binding.name}`, line: binding.line }
            : { source: `parameter ${binding.name}`, line: binding.line, param: binding.index, fn: binding.fn, paramName: binding.name };
        case 'clean': {
          if (!binding.kinds) return undefined;
          const r = this.lookup(name, binding.at, scope, unkeyed);
          return r === NOT_FOUND ? undefined : clear(r, binding.kinds);
        }
        case 'restore': {
          const r = this.lookup(name, binding.at, scope, unkeyed);
          return r === NOT_FOUND ? undefined : r;
        }
      }
    }
    return NOT_FOUND;
  }

  private evaluate(node: SyntaxNode): Taint | undefined {
    const cached = this.memo.get(node);
    if (cached !== undefined) return cached ?? undefined;
    if (this.active.has(node) || this.active.size > 400) return undefined;
    this.active.add(node);
    let result: Taint | undefined;
    try {
      result = this.compute(unwrap(node));
    } finally {
      this.active.delete(node);
    }
    this.memo.set(node, result ?? null);
    return result;
  }

  /** Request data by the tables of taint-sources.ts: a request object's member or method result, or a source name. */
  private source(node: SyntaxNode): Taint | undefined {
    const chain = memberChain(this.text, node);
    if (!chain || chain.length < 2) return undefined;
    const label = (): Taint => {
      const t = textOf(this.text, node).replace(/\s+/g, ' ');
      return { source: t.length > 60 ? `${t.slice(0, 57)}...` : t, line: node.row + 1 };
    };
    // JavaScript: the receiver starts the chain (after `this`); Python: anywhere (`self.request`).
    const first = !this.python && chain[0] === 'this' ? 1 : 0;
    const last = this.python ? chain.length - 1 : first;
    for (let i = first; i <= last; i++) {
      if (i === 0 && !this.python && this.imports.aliases.has(chain[0] as string)) break;
      for (const m of this.sources.receivers.get(chain[i] as string) ?? []) if (readsInput(chain, i, m)) return label();
    }
    const head = chain[0] as string;
    if (this.sources.names.has(head) && !this.isLocalVariable(head, node)) return label();
    return undefined;
  }

  /** Whether a name is bound by an assignment (not a parameter) before `node` in its scope chain. */
  private isLocalVariable(name: string, node: SyntaxNode): boolean {
    for (let scope: Scope | undefined = this.scopeOf(node); scope; scope = scope.parent) {
      const binding = latest(scope.bindings.get(name), node.start);
      if (binding) return binding.kind !== 'param';
    }
    return false;
  }

  private compute(node: SyntaxNode): Taint | undefined {
    switch (node.type) {
      case 'identifier':
      case 'shorthand_property_identifier': {
        const r = this.lookup(textOf(this.text, node), node.start, this.scopeOf(node));
        return r === NOT_FOUND ? undefined : r;
      }
      case 'await_expression':
      case 'await':
      case 'spread_element':
      case 'jsx_expression':
      case 'list_splat':
      case 'dictionary_splat':
      case 'expression_list':
      case 'arguments':
      case 'argument_list':
      case 'template_substitution':
      case 'interpolation':
        return this.any(namedChildren(node));
      case 'member_expression':
      case 'attribute':
      case 'subscript_expression':
      case 'subscript': {
        const k = this.key(node);
        if (k) {
          const bound = this.lookup(k, node.start, this.scopeOf(node));
          if (bound !== NOT_FOUND) return bound;
        }
        const prop = child(node, 'property') ?? child(node, 'attribute');
        if (prop && CLEAN_PROPS.has(textOf(this.text, prop))) return undefined;
        const src = this.source(node);
        if (src) return src;
        if (node.type === 'subscript' || node.type === 'subscript_expression') {
          const element = this.listElement(node);
          if (element !== undefined) return element ? this.evaluate(element) : undefined;
          const slot = this.slotTaint(node);
          if (slot !== NOT_FOUND) return slot;
        }
        const obj = child(node, 'object') ?? child(node, 'value');
        return obj ? this.evaluate(obj) : undefined;
      }
      case 'call_expression':
      case 'call':
      case 'new_expression':
        return this.call(node);
      case 'template_string':
      case 'string':
      case 'concatenated_string':
        return this.any(node.children.filter((c) => c.type === 'template_substitution' || c.type === 'interpolation' || c.type === 'string'));
      case 'binary_expression':
      case 'binary_operator': {
        const left = child(node, 'left');
        const right = child(node, 'right');
        if (!left || !right) return undefined;
        const op = this.text.slice(left.end, right.start).trim();
        if (op === '&&') return this.evaluate(right);
        if (op !== '+' && op !== '||' && op !== '??' && !(op === '%' && this.python)) return undefined;
        if (op === '||' || op === '??') {
          const c = constantOf(this.env, left);
          if (c !== UNKNOWN) return (op === '||' ? truthyJs(c) : c !== null) ? undefined : this.evaluate(right);
        }
        return pick(this.evaluate(left), this.evaluate(right));
      }
      case 'ternary_expression': {
        const consequence = child(node, 'consequence');
        const t = this.truth(child(node, 'condition'));
        if (t !== undefined) return this.evaluateOpt(t ? consequence : child(node, 'alternative'));
        const checked = this.allowListed(child(node, 'condition'), consequence);
        return pick(checked ? undefined : this.evaluateOpt(consequence), this.evaluateOpt(child(node, 'alternative')));
      }
      case 'conditional_expression': {
        // Python `a if cond else b`: parts are a, cond, b.
        const parts = namedChildren(node);
        const t = this.truth(parts[1]);
        if (t !== undefined) return this.evaluateOpt(t ? parts[0] : parts[2]);
        const checked = this.allowListed(parts[1], parts[0]);
        return pick(checked ? undefined : this.evaluateOpt(parts[0]), this.evaluateOpt(parts[2]));
      }
      case 'boolean_operator':
        return pick(this.evaluateOpt(child(node, 'left')), this.evaluateOpt(child(node, 'right')));
      case 'assignment_expression':
      case 'augmented_assignment_expression':
        return this.evaluateOpt(child(node, 'right'));
      case 'sequence_expression':
        return this.evaluateOpt(namedChildren(node).at(-1));
      case 'object':
      case 'dictionary':
        return this.any(namedChildren(node).map((p) => (p.type === 'pair' ? (child(p, 'value') ?? p) : p)));
      case 'array':
      case 'list':
      case 'tuple':
      case 'set':
        return this.any(namedChildren(node));
      default:
        return undefined;
    }
  }

  /** `x if x in ALLOWED else d`, `ALLOWED.includes(x) ? x : d`: the value chosen is the one the condition checked. */
  private allowListed(condition: SyntaxNode | undefined, value: SyntaxNode | undefined): boolean {
    if (!condition || !value) return false;
    const k = this.key(value) ?? this.pureKey(value);
    return !!k && this.checks(condition, true).some((c) => c.key === k && c.kinds === undefined);
  }

  /**
   * A key for a chain of side-effect-free string methods on a variable
   * (`name.split('.').pop().toLowerCase()`), so that an allow-list check of that expression
   * covers the same expression written again (`ALLOWED.includes(e) ? e : 'jpg'`).
   */
  private pureKey(node: SyntaxNode): string | undefined {
    let n = unwrap(node);
    for (let hops = 0; hops < 12; hops++) {
      if (n.type === 'identifier' || n.type === 'member_expression' || n.type === 'attribute') {
        const base = this.key(n);
        return base && hops > 0 ? `pure:${textOf(this.text, node).replace(/\s+/g, '')}` : undefined;
      }
      if (n.type === 'subscript_expression' || n.type === 'subscript') {
        n = unwrap(child(n, n.type === 'subscript' ? 'value' : 'object') ?? n);
        continue;
      }
      const call = n.type === 'call_expression' || n.type === 'call' ? callShape(this.text, n) : undefined;
      if (!call?.receiver || !PURE_STRING_METHODS.has(call.method)) return undefined;
      n = unwrap(call.receiver);
    }
    return undefined;
  }

  private evaluateOpt(node: SyntaxNode | undefined): Taint | undefined {
    return node ? this.evaluate(node) : undefined;
  }

  private any(nodes: readonly SyntaxNode[]): Taint | undefined {
    let found: Taint | undefined;
    for (const n of nodes) {
      found = pick(found, this.evaluate(n));
      if (found && found.param === undefined && !found.cleared) return found;
    }
    return found;
  }

  /** The sinks a call sanitises its input for: 'all', a list, or undefined when it is no sanitiser. */
  private sanitiserKinds(call: NonNullable<ReturnType<typeof callShape>>, qualified: string): SanitiserKinds | undefined {
    const byName = this.sanitisers.calls.get(qualified) ?? this.sanitisers.calls.get(call.name);
    if (byName) return byName;
    if (call.receiver) return this.sanitisers.methods.get(call.method);
    return undefined;
  }

  private call(node: SyntaxNode): Taint | undefined {
    const src = node.type === 'new_expression' ? undefined : this.source(node);
    if (src) return src;
    const call = callShape(this.text, node);
    if (!call) return undefined;
    const qualified = this.imports.qualify(call.name);
    const kinds = this.sanitiserKinds(call, qualified);
    if (kinds === 'all') return undefined;
    if (kinds) return clear(this.any([...call.args, ...call.kwargs.values()]) ?? (call.receiver ? this.evaluate(call.receiver) : undefined), kinds);
    if (this.propagators.cleanMethods.has(call.method)) return undefined;
    const local = call.callee.type === 'identifier' ? this.functionsByName.get(call.name) : undefined;
    if (local) {
      const summary = this.summary(local);
      if (summary.source) return summary.source;
      let found: Taint | undefined;
      for (const [i, cleared] of summary.params) {
        const arg = call.args[i];
        const t = arg ? this.evaluate(arg) : undefined;
        found = pick(found, t && cleared ? clear(t, [...cleared]) : t);
      }
      return found;
    }
    const { argumentFunctions, argumentMethods } = this.propagators;
    // Module functions by qualified name (`base64.b64decode(x)`, `from urllib.parse import unquote`).
    if (argumentFunctions.has(qualified)) return this.any(call.args);
    if (call.receiver) {
      const slot = KEYED_READS.has(call.method) ? this.slotTaint(node, call) : NOT_FOUND;
      if (slot !== NOT_FOUND) return slot;
      const fromReceiver = this.propagators.unlisted.receiverToResult ? this.evaluate(call.receiver) : undefined;
      if (fromReceiver) return fromReceiver;
      if (argumentMethods.has(call.method)) return this.any([...call.args, ...call.kwargs.values()]);
      return undefined;
    }
    if (argumentFunctions.has(call.name)) return this.any(call.args);
    return undefined;
  }

  /** Which parameters reach the function's return value, or which request data it returns itself. */
  private summary(fn: SyntaxNode): Summary {
    const known = this.summaries.get(fn);
    if (known) return known;
    const result: Summary = { params: new Map(), source: undefined };
    this.summaries.set(fn, result);
    const body = child(fn, 'body');
    if (!body) return result;
    const returns: SyntaxNode[] = [];
    if (fn.type === 'arrow_function' && body.type !== 'statement_block') returns.push(body);
    else if (fn.type === 'lambda') returns.push(body);
    else {
      for (const n of descendants(body)) {
        if (n.type !== 'return_statement') continue;
        let inner = false;
        for (let p = n.parent; p && p !== fn; p = p.parent) if (this.fnTypes.has(p.type)) inner = true;
        const value = namedChildren(n)[0];
        if (!inner && value) returns.push(value);
      }
    }
    for (const r of returns) {
      const t = this.evaluate(r);
      if (t?.param !== undefined) {
        const had = result.params.has(t.param);
        const before = result.params.get(t.param);
        // Returned through several paths: only what every path sanitised stays sanitised.
        result.params.set(t.param, !had ? t.cleared : before && t.cleared ? new Set([...before].filter((k) => t.cleared?.has(k))) : undefined);
      } else if (t) result.source ??= t;
    }
    return result;
  }
}

/** Whether the chain at `i` is the receiver followed by one of its input members or a call of one of its input methods. */
function readsInput(chain: readonly string[], i: number, m: ReceiverMatcher): boolean {
  for (let k = 0; k < m.path.length; k++) if (chain[i + k] !== m.path[k]) return false;
  const next = chain[i + m.path.length];
  if (next === undefined) return false;
  return m.members.has(next) || (m.methods.has(next) && chain[i + m.path.length + 1] === '()');
}

function latest(list: readonly Binding[] | undefined, at: number): Binding | undefined {
  if (!list) return undefined;
  let best: Binding | undefined;
  for (const b of list) if (b.pos <= at && (!best || b.pos >= best.pos)) best = b;
  return best;
}

/** The taint with `kinds` added to the sinks it is safe for. */
function clear(t: Taint | undefined, kinds: readonly SinkKind[]): Taint | undefined {
  if (!t) return undefined;
  return { ...t, cleared: new Set([...(t.cleared ?? []), ...kinds]) };
}

/** Prefers a real source over a parameter pseudo-taint, and a value sanitised for fewer sinks. */
function pick(a: Taint | undefined, b: Taint | undefined): Taint | undefined {
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

const truthyJs = (c: Const): boolean => c !== null && c !== false && c !== 0 && c !== '' && !(typeof c === 'number' && Number.isNaN(c));

/** The statement a node belongs to (its nearest ancestor that is a statement of a block). */
function statementOf(node: SyntaxNode): SyntaxNode | undefined {
  for (let p: SyntaxNode | null = node; p; p = p.parent) {
    if (p.type === 'expression_statement' || p.type === 'lexical_declaration' || p.type === 'variable_declaration') return p;
    if (p.parent && ['block', 'statement_block', 'module', 'program'].includes(p.parent.type)) return p;
  }
  return undefined;
}

/** A literal subscript or argument (`'k'`, `"k"`, `0`) as a canonical key, else undefined. */
function literalKey(text: string, node: SyntaxNode | undefined): string | undefined {
  if (!node) return undefined;
  const n = unwrap(node);
  const s = stringValue(text, n);
  if (s !== undefined) return JSON.stringify(s);
  if ((n.type === 'integer' || n.type === 'number') && /^\d+$/.test(textOf(text, n))) return textOf(text, n);
  return undefined;
}

/** Whether a guard's consequence leaves the function or loop (return, throw, raise, abort(), next()). */
function exits(text: string, node: SyntaxNode): boolean {
  const last = node.type === 'statement_block' || node.type === 'block' ? namedChildren(node).at(-1) : node;
  if (!last) return false;
  if (['return_statement', 'throw_statement', 'raise_statement', 'continue_statement', 'break_statement'].includes(last.type)) return true;
  if (last.type === 'expression_statement') return /^(?:abort|next|process\.exit|sys\.exit)\s*\(/.test(textOf(text, last).trim());
  return false;
}

const LITERALS = new Set(['string', 'number', 'integer', 'float', 'true', 'false', 'none', 'null', 'undefined', 'template_string']);

/** A literal without substitutions (`'asc'`, `0`, `None`). */
function isLiteral(node: SyntaxNode): boolean {
  if (!LITERALS.has(node.type)) return false;
  return !node.children.some((c) => c.type === 'interpolation' || c.type === 'template_substitution');
}
