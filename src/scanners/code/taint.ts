/**
 * Intra-procedural taint analysis for JavaScript/TypeScript and Python.
 *
 * Bindings (declarations, assignments, `+=`, destructuring, loop variables,
 * parameters and allow-list guards) are recorded per function scope with the
 * position they take effect at. The taint of an expression is computed on
 * demand: an identifier takes the taint of its latest binding before the use,
 * member accesses of request objects are sources, strings built by templates,
 * concatenation, `%` or `.format` carry the taint of their parts, sanitisers
 * (numeric casts, basename, encoders, escapers) stop it, and a call to a local
 * function whose return value is built from a parameter carries the argument's
 * taint. Loops are not iterated (no back edges) and nothing crosses files.
 */
import { callShape, child, descendants, functionTypes, memberChain, namedChildren, textOf, unwrap } from './ast.js';
import type { Imports } from './imports.js';
import { isForeign, type CodeLanguage, type SyntaxNode } from './parser.js';
import type { Trigger } from './prefilter.js';

/** Where tainted data came from. `param` marks the pseudo-taint of a function parameter (used for wrapper summaries only). */
export interface Taint {
  readonly source: string;
  /** 1-based line of the source expression. */
  readonly line: number;
  readonly param?: number;
}

type Binding =
  | { readonly pos: number; readonly kind: 'expr'; readonly node: SyntaxNode }
  | { readonly pos: number; readonly kind: 'augment'; readonly node: SyntaxNode; readonly at: number }
  /** An assignment inside a branch or loop body: it holds inside the block; after it, the variable may still have its value from before. */
  | { readonly pos: number; readonly kind: 'maybe'; readonly node: SyntaxNode; readonly at: number; readonly block: SyntaxNode }
  | { readonly pos: number; readonly kind: 'param'; readonly index: number; readonly name: string; readonly line: number; readonly route: boolean }
  | { readonly pos: number; readonly kind: 'clean' }
  | { readonly pos: number; readonly kind: 'restore'; readonly at: number };

interface Scope {
  readonly parent: Scope | undefined;
  readonly bindings: Map<string, Binding[]>;
}

const NOT_FOUND = Symbol('not-found');

/** What a local function's return value carries: the taint of some parameters, or request data it reads itself. */
interface Summary {
  readonly params: Set<number>;
  source: Taint | undefined;
}

/** Request properties that carry client input (Express, Koa, Fastify, Next.js). */
const JS_REQUEST_PROPS = new Set(['query', 'body', 'params', 'headers', 'cookies', 'signedCookies', 'url', 'originalUrl', 'path', 'files', 'file', 'nextUrl', 'querystring', 'href', 'hostname', 'raw']);
/** Request methods whose result is client input: `req.get('X')`, `await req.json()`. */
const JS_REQUEST_METHODS = new Set(['json', 'formData', 'text', 'get', 'header', 'param', 'blob', 'arrayBuffer']);
const JS_REQUEST_NAMES = new Set(['req', 'request', '_req']);
const KOA_PROPS = new Set(['query', 'params', 'querystring', 'headers', 'header', 'cookies', 'url', 'href', 'path']);
const DOM_LOCATION_PROPS = new Set(['hash', 'search', 'href', 'pathname']);
/** Flask and Django request attributes. */
const PY_REQUEST_PROPS = new Set(['args', 'form', 'json', 'values', 'cookies', 'headers', 'data', 'files', 'GET', 'POST', 'body', 'COOKIES', 'META', 'FILES', 'query_params', 'query_string', 'stream']);
const PY_REQUEST_METHODS = new Set(['get_json', 'get_data']);

/** Calls whose result is safe whatever the input (casts to numbers, encoders, escapers, basename). */
const JS_SANITISERS = new Set([
  'Number', 'parseInt', 'parseFloat', 'Number.parseInt', 'Number.parseFloat', 'Boolean', 'Math.floor', 'Math.round', 'Math.abs', 'Math.min', 'Math.max',
  'encodeURIComponent', 'escape', 'escapeHtml', 'escape-html', 'validator.escape', 'validator.toInt', 'validator.isInt', 'he.encode', 'he.escape', 'lodash.escape', '_.escape',
  'path.basename', 'basename', 'DOMPurify.sanitize', 'sanitize', 'sanitizeHtml', 'sanitize-html', 'xss', 'xss.filterXSS', 'filterXSS', 'mysql.escape', 'mysql.escapeId', 'SqlString.escape', 'pg.escapeLiteral', 'pg-format',
  'crypto.createHash', 'uuid.validate', 'escapeRegExp', 'escapeStringRegexp', 'escape-string-regexp', 'lodash.escaperegexp', '_.escapeRegExp', 'isNaN', 'Number.isInteger', 'Array.isArray',
]);
const JS_SANITISER_METHODS = new Set(['escape', 'escapeId', 'escapeLiteral', 'escapeIdentifier', 'sanitize', 'basename', 'toFixed', 'digest', 'hash', 'sanitizeFilter', 'escapeRegExp']);
const PY_SANITISERS = new Set([
  'int', 'float', 'bool', 'len', 'abs', 'html.escape', 'markupsafe.escape', 'flask.escape', 'jinja2.escape', 'escape', 'bleach.clean', 'shlex.quote', 'pipes.quote',
  'os.path.basename', 'basename', 'werkzeug.utils.secure_filename', 'secure_filename', 'uuid.UUID', 'urllib.parse.quote', 'quote', 'django.utils.html.escape', 'conditional_escape', 're.escape', 'escape_filter_chars', 'ldap3.utils.conv.escape_filter_chars', 'ldap.filter.escape_filter_chars', 'filter_format', 'ldap.filter.filter_format',
]);
/** Methods returning booleans or numbers: no taint in the result. */
const CLEAN_METHODS = new Set([
  'includes', 'startsWith', 'endsWith', 'has', 'test', 'indexOf', 'lastIndexOf', 'localeCompare', 'isdigit', 'isalnum', 'isalpha', 'isnumeric', 'startswith', 'endswith', 'count', 'find', 'index',
  'length', 'size', 'toFixed', 'every', 'some', 'hasOwnProperty', 'isInteger', 'isSafeInteger', 'exists', 'existsSync',
]);
const CLEAN_PROPS = new Set(['length', 'size']);
/** Methods that carry the taint of their arguments into the result (`path.join`, `''.join`, `'{}'.format`). */
const ARG_PROPAGATORS = new Set(['join', 'resolve', 'normalize', 'format', 'concat', 'assign', 'from', 'parse', 'stringify', 'decode', 'encode', 'urljoin', 'fromEntries', 'values', 'entries', 'keys', 'quote_plus']);
const FREE_PROPAGATORS = new Set(['String', 'decodeURIComponent', 'decodeURI', 'unescape', 'atob', 'str', 'repr', 'bytes', 'list', 'dict', 'tuple', 'format', 'URL', 'URLSearchParams', 'Buffer', 'unquote', 'urllib.parse.unquote', 'dedent', 'textwrap.dedent']);

/** Methods that put a value into their receiver (lists, sets, maps, config parsers, string buffers). */
const CONTAINER_WRITES = new Set(['append', 'appendleft', 'extend', 'insert', 'add', 'update', 'setdefault', 'push', 'unshift', 'set', 'write', 'writelines']);
/** Module functions that re-encode their argument: the result carries its taint (`base64.b64decode(x)`). */
const ENCODERS = new Set([
  'base64.b64encode', 'base64.b64decode', 'base64.urlsafe_b64encode', 'base64.urlsafe_b64decode', 'base64.standard_b64decode', 'base64.b32decode', 'base64.b16decode',
  'codecs.decode', 'codecs.encode', 'urllib.parse.unquote', 'urllib.parse.unquote_plus', 'html.unescape', 'json.loads', 'json.dumps', 'binascii.unhexlify', 'binascii.a2b_base64',
]);

/** Statements whose bodies may not run (or run more than once): an assignment in them is a may-assignment after them. */
const BRANCHES = new Set(['if_statement', 'elif_clause', 'else_clause', 'while_statement', 'for_statement', 'for_in_statement', 'do_statement', 'except_clause', 'catch_clause', 'switch_case', 'switch_default', 'case_clause', 'match_statement', 'case_clause']);

const ROUTE_DECORATOR = /\.(?:route|get|post|put|patch|delete|api_route|websocket)\s*\(/;

/**
 * Prefilter terms (prefilter.ts) for the sources above: a real source (`taintOf` not undefined)
 * needs one of these in the file. Request objects and Koa's `ctx` are whole chain segments;
 * Python route parameters need a route decorator.
 */
export const JS_SERVER_SOURCE_TRIGGERS: readonly Trigger[] = Object.freeze([...JS_REQUEST_NAMES, 'ctx', 'searchParams']);
/** Also the browser's `location` and `document` (client-side sources). */
export const JS_SOURCE_TRIGGERS: readonly Trigger[] = Object.freeze([...JS_SERVER_SOURCE_TRIGGERS, 'location', 'document']);
export const PYTHON_SOURCE_TRIGGERS: readonly Trigger[] = Object.freeze(['request', { all: [/@/, ROUTE_DECORATOR] }]);
const NOT_ROUTE_PARAMS = new Set(['self', 'cls', 'request', 'req', 'db', 'session', 'background_tasks', 'response']);

export class TaintAnalysis {
  private readonly scopes = new Map<SyntaxNode, Scope>();
  private readonly moduleScope: Scope = { parent: undefined, bindings: new Map() };
  private readonly functionsByName = new Map<string, SyntaxNode>();
  private readonly memo = new Map<SyntaxNode, Taint | null>();
  private readonly active = new Set<SyntaxNode>();
  private readonly summaries = new Map<SyntaxNode, Summary>();
  private readonly fnTypes: ReadonlySet<string>;
  private readonly python: boolean;
  private readonly foreign: boolean;
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
    // PHP, Go and Java use the simple local model of polyglot.ts instead.
    this.foreign = isForeign(language);
  }

  private ensureCollected(): void {
    if (this.collected) return;
    this.collected = true;
    if (!this.foreign) this.collect();
  }

  /** The taint of an expression from a real source (request data), or undefined. */
  taintOf(node: SyntaxNode | undefined): Taint | undefined {
    if (!node || this.foreign) return undefined;
    this.ensureCollected();
    const t = this.evaluate(node);
    return t && t.param === undefined ? t : undefined;
  }

  /** The expression last assigned to an identifier before its use (for pattern checks), if any. */
  definitionOf(identifier: SyntaxNode): SyntaxNode | undefined {
    return this.definitionsOf(identifier).at(-1);
  }

  /** The last assignment to an identifier before its use and the `+=` appended after it, in order. */
  definitionsOf(identifier: SyntaxNode): SyntaxNode[] {
    this.ensureCollected();
    const name = textOf(this.text, identifier);
    for (let scope: Scope | undefined = this.scopeOf(identifier); scope; scope = scope.parent) {
      const list = (scope.bindings.get(name) ?? []).filter((b) => b.pos <= identifier.start).sort((a, b) => a.pos - b.pos);
      if (list.length === 0) continue;
      const result: SyntaxNode[] = [];
      for (let i = list.length - 1; i >= 0; i--) {
        const b = list[i] as Binding;
        if (b.kind === 'augment') result.unshift(b.node);
        else {
          // A branch assignment counts as the definition here (pattern checks look at the latest
          // value); the taint lookup still keeps the value from before the branch.
          if (b.kind === 'maybe') result.unshift(b.node);
          if (b.kind === 'expr') result.unshift(b.node);
          break;
        }
      }
      return result;
    }
    return [];
  }

  /** Whether an identifier's latest binding before its use is an allow-list or validation check (`if (!ALLOWED.includes(x)) return`). */
  isChecked(identifier: SyntaxNode): boolean {
    if (this.foreign) return false;
    this.ensureCollected();
    const name = textOf(this.text, identifier);
    for (let scope: Scope | undefined = this.scopeOf(identifier); scope; scope = scope.parent) {
      const binding = latest(scope.bindings.get(name), identifier.start);
      if (binding) return binding.kind === 'clean';
    }
    return false;
  }

  /** Human wording of a flow for finding descriptions. */
  describe(taint: Taint): string {
    return `\`${taint.source}\` (line ${taint.line})`;
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

  private key(node: SyntaxNode): string | undefined {
    const n = unwrap(node);
    if (n.type === 'identifier') return textOf(this.text, n);
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
          for (const n of this.patternNames(name)) this.bind(node, n, value ? { pos: node.end, kind: 'expr', node: value } : { pos: node.end, kind: 'clean' });
          if (name.type === 'identifier' && value && this.fnTypes.has(unwrap(value).type)) this.functionsByName.set(textOf(this.text, name), unwrap(value));
          break;
        }
        case 'assignment_expression':
        case 'assignment': {
          const left = child(node, 'left');
          const right = child(node, 'right');
          if (!left || !right) break;
          const block = this.conditionalBlock(node);
          for (const n of this.patternNames(left)) this.bind(node, n, block ? { pos: node.end, kind: 'maybe', node: right, at: node.start, block } : { pos: node.end, kind: 'expr', node: right });
          if (left.type === 'identifier' && this.fnTypes.has(unwrap(right).type)) this.functionsByName.set(textOf(this.text, left), unwrap(right));
          break;
        }
        case 'named_expression': {
          const name = child(node, 'name');
          const value = child(node, 'value');
          if (name && value) this.bind(node, textOf(this.text, name), { pos: node.end, kind: 'expr', node: value });
          break;
        }
        case 'augmented_assignment_expression':
        case 'augmented_assignment': {
          const left = child(node, 'left');
          const right = child(node, 'right');
          const k = left ? this.key(left) : undefined;
          if (k && right) this.bind(node, k, { pos: node.end, kind: 'augment', node: right, at: node.start });
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
          this.guard(node);
          break;
        case 'call':
        case 'call_expression':
          this.containerWrite(node);
          break;
        default:
          if (this.fnTypes.has(node.type)) this.parameters(node);
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
    const route = this.python && this.isRouteHandler(fn);
    list.forEach((param, index) => {
      const isDependency = param.type.includes('default') && /Depends\s*\(/.test(textOf(this.text, param));
      for (const n of this.patternNames(param)) {
        const isRoute = (route && !isDependency && !NOT_ROUTE_PARAMS.has(n)) || (!this.python && n === 'searchParams');
        this.bind(fn, n, { pos: fn.start, kind: 'param', index, name: n, line: param.row + 1, route: isRoute });
      }
    });
  }

  /** `items.append(x)`, `list.push(x)`, `map.set(k, x)`, `conf.set(s, k, x)`: the container now carries x's taint too. */
  private containerWrite(node: SyntaxNode): void {
    const callee = child(node, 'function');
    const args = child(node, 'arguments');
    if (!callee || !args || (callee.type !== 'member_expression' && callee.type !== 'attribute')) return;
    const prop = child(callee, callee.type === 'attribute' ? 'attribute' : 'property');
    const object = child(callee, 'object');
    if (!prop || !object || !CONTAINER_WRITES.has(textOf(this.text, prop))) return;
    const k = this.key(object);
    if (k && !this.imports.aliases.has(k)) this.bind(node, k, { pos: node.end, kind: 'augment', node: args, at: node.start });
  }

  /** The innermost branch or loop body holding a statement within its function, if any. */
  private conditionalBlock(node: SyntaxNode): SyntaxNode | undefined {
    for (let p: SyntaxNode = node, pp = node.parent; pp; p = pp, pp = pp.parent) {
      if (this.fnTypes.has(pp.type)) return undefined;
      if (!BRANCHES.has(pp.type)) continue;
      if (p === child(pp, 'condition') || p === child(pp, 'left') || p === child(pp, 'right') || p === child(pp, 'initializer') || p === child(pp, 'value')) continue;
      if (pp.type === 'else_clause' || pp.type === 'elif_clause' || p.type === 'block' || p.type === 'statement_block' || p.type.endsWith('_statement')) return p;
    }
    return undefined;
  }

  private isRouteHandler(fn: SyntaxNode): boolean {
    const parent = fn.parent;
    if (parent?.type !== 'decorated_definition') return false;
    return namedChildren(parent).some((d) => d.type === 'decorator' && ROUTE_DECORATOR.test(textOf(this.text, d)));
  }

  /** Allow-list and validation guards: `if (!ALLOWED.includes(x)) return;`, `if x not in ALLOWED: abort(400)`, `if (ALLOWED.has(x)) { … }`. */
  private guard(ifNode: SyntaxNode): void {
    const condition = child(ifNode, 'condition');
    const consequence = child(ifNode, 'consequence');
    if (!condition || !consequence) return;
    let cond = unwrap(condition);
    let negated = false;
    while (cond.type === 'unary_expression' || cond.type === 'not_operator') {
      if (cond.type === 'unary_expression' && !textOf(this.text, cond).startsWith('!')) return;
      cond = unwrap(child(cond, 'argument') ?? cond);
      negated = !negated;
    }
    let checked: SyntaxNode | undefined;
    if (cond.type === 'comparison_operator') {
      const [left, right] = namedChildren(cond);
      if (!left || !right) return;
      const op = this.text.slice(left.end, right.start).trim();
      if (op === 'in') checked = left;
      else if (op === 'not in') {
        checked = left;
        negated = !negated;
      } else return;
    } else {
      const call = callShape(this.text, cond);
      if (!call) return;
      if (['includes', 'has', 'test'].includes(call.method) && call.receiver) checked = call.args[0];
      else if (/^(?:validator\.)?is[A-Z]\w*$|^isValid\w*$/.test(call.name)) checked = call.args[0];
      else if (['re.fullmatch', 're.match'].includes(this.imports.qualify(call.name))) checked = call.args[1];
      else if (['isdigit', 'isalnum', 'isnumeric', 'isdecimal'].includes(call.method)) checked = call.receiver;
    }
    const k = checked ? this.key(checked) : undefined;
    if (!k) return;
    if (negated) {
      // `if x not in ALLOWED: return`, or `x = DEFAULT` (a fallback): past the if, x is allowed or the fallback.
      if (exits(this.text, consequence) || this.reassigns(consequence, k)) this.bind(ifNode, k, { pos: ifNode.end + 1, kind: 'clean' });
    } else {
      this.bind(ifNode, k, { pos: consequence.start, kind: 'clean' });
      this.bind(ifNode, k, { pos: consequence.end, kind: 'restore', at: ifNode.start });
    }
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

  // ---- evaluation --------------------------------------------------------

  private lookup(name: string, at: number, from: Scope): Taint | undefined | typeof NOT_FOUND {
    for (let scope: Scope | undefined = from; scope; scope = scope.parent) {
      const binding = latest(scope.bindings.get(name), at);
      if (!binding) continue;
      switch (binding.kind) {
        case 'expr':
          return this.evaluate(binding.node);
        case 'augment': {
          const before = this.lookup(name, binding.at, scope);
          return pick(before === NOT_FOUND ? undefined : before, this.evaluate(binding.node));
        }
        case 'maybe': {
          if (at >= binding.block.start && at <= binding.block.end) return this.evaluate(binding.node);
          const before = this.lookup(name, binding.at, scope);
          return pick(before === NOT_FOUND ? undefined : before, this.evaluate(binding.node));
        }
        case 'param':
          return binding.route
            ? { source: `request parameter ${binding.name}`, line: binding.line }
            : { source: `parameter ${binding.name}`, line: binding.line, param: binding.index };
        case 'clean':
          return undefined;
        case 'restore': {
          const r = this.lookup(name, binding.at, scope);
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

  private source(node: SyntaxNode): Taint | undefined {
    const chain = memberChain(this.text, node);
    if (!chain || chain.length < 2) return undefined;
    const label = (): Taint => {
      const t = textOf(this.text, node).replace(/\s+/g, ' ');
      return { source: t.length > 60 ? `${t.slice(0, 57)}...` : t, line: node.row + 1 };
    };
    if (this.python) {
      const i = chain.indexOf('request');
      if (i === -1) return undefined;
      const next = chain[i + 1] ?? '';
      if (PY_REQUEST_PROPS.has(next) || (PY_REQUEST_METHODS.has(next) && chain[i + 2] === '()')) return label();
      return undefined;
    }
    const head = chain[0] as string;
    const i = chain.findIndex((s) => JS_REQUEST_NAMES.has(s));
    if (i !== -1 && (i === 0 || chain[i - 1] === 'this' || chain[i - 1] === 'ctx')) {
      const next = chain[i + 1] ?? '';
      if (i === 0 && this.imports.aliases.has(chain[0] as string)) return undefined;
      if (JS_REQUEST_PROPS.has(next)) return label();
      if (JS_REQUEST_METHODS.has(next) && chain[i + 2] === '()') return label();
    }
    if (head === 'ctx' && KOA_PROPS.has(chain[1] ?? '')) return label();
    if (head === 'searchParams' && !this.isLocalVariable(head, node)) return label();
    if (chain.includes('searchParams') && chain.includes('nextUrl')) return label();
    const loc = head === 'window' || head === 'document' ? 1 : 0;
    if (chain[loc] === 'location' && DOM_LOCATION_PROPS.has(chain[loc + 1] ?? '')) return label();
    if (head === 'document' && ['URL', 'documentURI', 'referrer', 'cookie'].includes(chain[1] ?? '')) return label();
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
        return pick(this.evaluate(left), this.evaluate(right));
      }
      case 'ternary_expression': {
        const consequence = child(node, 'consequence');
        const checked = this.allowListed(child(node, 'condition'), consequence);
        return pick(checked ? undefined : this.evaluateOpt(consequence), this.evaluateOpt(child(node, 'alternative')));
      }
      case 'conditional_expression': {
        // Python `a if cond else b`: parts are a, cond, b.
        const parts = namedChildren(node);
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
    const cond = unwrap(condition);
    const k = this.key(value);
    if (!k) return false;
    if (cond.type === 'comparison_operator') {
      const [left, right] = namedChildren(cond);
      return !!left && !!right && this.text.slice(left.end, right.start).trim() === 'in' && this.key(left) === k;
    }
    const call = callShape(this.text, cond);
    return !!call && ['includes', 'has'].includes(call.method) && !!call.receiver && call.args[0] !== undefined && this.key(call.args[0]) === k;
  }

  private evaluateOpt(node: SyntaxNode | undefined): Taint | undefined {
    return node ? this.evaluate(node) : undefined;
  }

  private any(nodes: readonly SyntaxNode[]): Taint | undefined {
    let found: Taint | undefined;
    for (const n of nodes) {
      found = pick(found, this.evaluate(n));
      if (found && found.param === undefined) return found;
    }
    return found;
  }

  private call(node: SyntaxNode): Taint | undefined {
    const src = node.type === 'new_expression' ? undefined : this.source(node);
    if (src) return src;
    const call = callShape(this.text, node);
    if (!call) return undefined;
    const qualified = this.imports.qualify(call.name);
    if (this.python ? PY_SANITISERS.has(qualified) || PY_SANITISERS.has(call.name) : JS_SANITISERS.has(qualified) || JS_SANITISERS.has(call.name)) return undefined;
    if (!this.python && JS_SANITISER_METHODS.has(call.method) && call.receiver) return undefined;
    if (CLEAN_METHODS.has(call.method)) return undefined;
    const local = call.callee.type === 'identifier' ? this.functionsByName.get(call.name) : undefined;
    if (local) {
      const summary = this.summary(local);
      if (summary.source) return summary.source;
      return this.any([...summary.params].map((i) => call.args[i]).filter((a): a is SyntaxNode => a !== undefined));
    }
    if (ENCODERS.has(qualified)) return this.any(call.args);
    if (call.receiver) {
      const fromReceiver = this.evaluate(call.receiver);
      if (fromReceiver) return fromReceiver;
      if (ARG_PROPAGATORS.has(call.method)) return this.any([...call.args, ...call.kwargs.values()]);
      return undefined;
    }
    if (FREE_PROPAGATORS.has(call.name) || FREE_PROPAGATORS.has(qualified)) return this.any(call.args);
    return undefined;
  }

  /** Which parameters reach the function's return value, or which request data it returns itself. */
  private summary(fn: SyntaxNode): Summary {
    const known = this.summaries.get(fn);
    if (known) return known;
    const result: Summary = { params: new Set(), source: undefined };
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
      if (t?.param !== undefined) result.params.add(t.param);
      else if (t) result.source ??= t;
    }
    return result;
  }
}

function latest(list: readonly Binding[] | undefined, at: number): Binding | undefined {
  if (!list) return undefined;
  let best: Binding | undefined;
  for (const b of list) if (b.pos <= at && (!best || b.pos >= best.pos)) best = b;
  return best;
}

/** Prefers a real source over a parameter pseudo-taint. */
function pick(a: Taint | undefined, b: Taint | undefined): Taint | undefined {
  if (a && a.param === undefined) return a;
  if (b && b.param === undefined) return b;
  return a ?? b;
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
