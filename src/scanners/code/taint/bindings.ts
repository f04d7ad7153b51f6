/**
 * Binding collection: one walk over the file records, per function scope, what each name is bound
 * to and where that takes effect (declarations, assignments, `+=`, destructuring, loop and `with`
 * variables, parameters and route parameters, container writes such as `items.append(x)` and
 * `map.set('k', x)`), marks assignments inside branch and loop bodies as may-assignments, and
 * notes the names a function writes in an enclosing scope (closure writes, `global`). Also
 * reads the bindings back as the definitions of a name (definitionsOf and friends).
 */
import { child, namedChildren, textOf, unwrap } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import type { RouteMatcher } from '../taint-sources.js';
import { bind, key, literalKey, type Binding, type Scope, type TaintState } from './state.js';

/** Statements whose bodies may not run (or run more than once): an assignment in them is a may-assignment after them. */
const BRANCHES = new Set(['if_statement', 'elif_clause', 'else_clause', 'while_statement', 'for_statement', 'for_in_statement', 'do_statement', 'except_clause', 'catch_clause', 'switch_case', 'switch_default', 'case_clause', 'match_statement']);

/** An assignment of `value` to `name` at `site`: a may-assignment inside a branch or loop body. */
function assign(s: TaintState, site: SyntaxNode, name: string, value: SyntaxNode): void {
  const block = conditionalBlock(s, site);
  bind(s, site, name, block ? { pos: site.end, kind: 'maybe', node: value, at: site.start, block, site } : { pos: site.end, kind: 'expr', node: value, site });
}

/** The names a declaration, assignment target or parameter binds (through destructuring, defaults and type annotations). */
function patternNames(s: TaintState, pattern: SyntaxNode): string[] {
  const n = pattern;
  switch (n.type) {
    case 'identifier':
    case 'shorthand_property_identifier_pattern':
      return [textOf(s.text, n)];
    case 'member_expression':
    case 'attribute':
    case 'subscript':
    case 'subscript_expression': {
      const k = key(s, n);
      return k ? [k] : [];
    }
    case 'pair_pattern': {
      const v = child(n, 'value');
      return v ? patternNames(s, v) : [];
    }
    case 'object_assignment_pattern':
    case 'assignment_pattern':
    case 'default_parameter':
    case 'typed_default_parameter': {
      const l = child(n, 'left') ?? child(n, 'name');
      return l ? patternNames(s, l) : [];
    }
    case 'required_parameter':
    case 'optional_parameter': {
      const p = child(n, 'pattern');
      return p ? patternNames(s, p) : [];
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
        .flatMap((c) => patternNames(s, c));
    default:
      return [];
  }
}

/** Records every binding of the file in one walk, in document order, and the `if` statements whose guards guards.ts reads later. */
export function collect(s: TaintState): void {
  // Document order, as `descendants` walks, without a generator.
  const stack: SyntaxNode[] = [s.root];
  while (stack.length > 0) {
    const node = stack.pop() as SyntaxNode;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as SyntaxNode);
    switch (node.type) {
      case 'variable_declarator': {
        const name = child(node, 'name');
        const value = child(node, 'value');
        if (!name) break;
        for (const n of patternNames(s, name)) bind(s, node, n, value ? { pos: node.end, kind: 'expr', node: value, site: node } : { pos: node.end, kind: 'clean', at: node.start });
        if (name.type === 'identifier' && value && s.fnTypes.has(unwrap(value).type)) s.functionsByName.set(textOf(s.text, name), unwrap(value));
        break;
      }
      case 'assignment_expression':
      case 'assignment': {
        const left = child(node, 'left');
        const right = child(node, 'right');
        if (!left || !right) break;
        for (const n of patternNames(s, left)) assign(s, node, n, right);
        if (left.type === 'identifier' && s.fnTypes.has(unwrap(right).type)) s.functionsByName.set(textOf(s.text, left), unwrap(right));
        // `d['k'] = v`: the container now holds v too (under that key when it is a literal).
        if (left.type === 'subscript' || left.type === 'subscript_expression') {
          const obj = child(left, left.type === 'subscript' ? 'value' : 'object');
          const k = obj ? key(s, obj) : undefined;
          const keyed = literalKey(s.text, child(left, left.type === 'subscript' ? 'subscript' : 'index'));
          if (k && !s.imports.aliases.has(k)) bind(s, node, k, { pos: node.end, kind: 'augment', node: right, at: node.start, site: node, keyed });
        }
        break;
      }
      case 'named_expression': {
        const name = child(node, 'name');
        const value = child(node, 'value');
        if (name && value) bind(s, node, textOf(s.text, name), { pos: node.end, kind: 'expr', node: value, site: node });
        break;
      }
      case 'augmented_assignment_expression':
      case 'augmented_assignment': {
        const left = child(node, 'left');
        const right = child(node, 'right');
        const k = left ? key(s, left) : undefined;
        if (k && right) bind(s, node, k, { pos: node.end, kind: 'augment', node: right, at: node.start, site: node });
        break;
      }
      case 'for_in_statement':
      case 'for_statement': {
        const left = child(node, 'left');
        const right = child(node, 'right');
        if (!left || !right) break;
        for (const n of patternNames(s, left)) bind(s, node, n, { pos: right.end, kind: 'expr', node: right });
        break;
      }
      case 'as_pattern': {
        const alias = child(node, 'alias');
        const value = namedChildren(node)[0];
        if (alias && value && value !== alias) for (const n of patternNames(s, namedChildren(alias)[0] ?? alias)) bind(s, node, n, { pos: node.end, kind: 'expr', node: value });
        break;
      }
      case 'if_statement':
        s.ifs.push(node);
        break;
      case 'global_statement':
      case 'nonlocal_statement':
        for (const n of namedChildren(node)) s.shared.add(textOf(s.text, n));
        break;
      case 'update_expression': {
        // `i++`: the variable changes (its taint does not).
        const arg = child(node, 'argument');
        const k = arg ? key(s, arg) : undefined;
        if (arg && k) bind(s, node, k, { pos: node.end, kind: 'augment', node: arg, at: node.start, site: node });
        break;
      }
      case 'call':
      case 'call_expression':
        containerWrite(s, node);
        break;
      default:
        if (s.fnTypes.has(node.type)) parameters(s, node);
    }
  }
}

/** JavaScript: names assigned in a function that neither declares them nor has them as parameters. */
export function closureWrites(s: TaintState): void {
  for (const scope of s.scopes.values()) {
    for (const name of scope.bindings.keys()) {
      let declared = false;
      let written = false;
      for (const b of scope.bindings.get(name) as Binding[]) {
        if (b.kind === 'param' || (b.kind === 'expr' && b.site?.type === 'variable_declarator') || (b.kind === 'clean' && !b.kinds)) declared = true;
        else if ((b.kind === 'expr' || b.kind === 'maybe' || b.kind === 'augment') && b.site) written = true;
      }
      if (written && !declared) s.shared.add(name);
    }
  }
}

/** A function's name (for summaries) and its parameters: route parameters are request data, others a pseudo-taint for summaries. */
function parameters(s: TaintState, fn: SyntaxNode): void {
  const name = child(fn, 'name');
  if (name && (fn.type === 'function_declaration' || fn.type === 'function_definition' || fn.type === 'generator_function_declaration')) {
    if (!s.functionsByName.has(textOf(s.text, name))) s.functionsByName.set(textOf(s.text, name), fn);
  }
  const params = child(fn, 'parameters') ?? child(fn, 'parameter');
  if (!params) return;
  const list = params.type === 'identifier' ? [params] : namedChildren(params);
  const route = routeOf(s, fn);
  list.forEach((param, index) => {
    const input = isInputParameter(s, param, route);
    const typed = typedRequestNames(s, param);
    for (const n of patternNames(s, param)) {
      const isRoute = (input && !route?.notInput.has(n)) || s.sources.names.has(n) || typed.has(n);
      bind(s, fn, n, { pos: fn.start, kind: 'param', index, name: n, line: param.row + 1, route: isRoute, fn });
    }
  });
}

/**
 * The names a parameter annotated with a request type binds to request members when destructured
 * (`({ query, body: b }: Request) =>` binds `query` and `b`; taint-sources.ts `types`).
 */
function typedRequestNames(s: TaintState, param: SyntaxNode): Set<string> {
  const names = new Set<string>();
  if (s.sources.typed.size === 0 || (param.type !== 'required_parameter' && param.type !== 'optional_parameter')) return names;
  const pattern = child(param, 'pattern');
  const type = child(param, 'type');
  if (pattern?.type !== 'object_pattern' || !type) return names;
  const typeName = textOf(s.text, type).replace(/^:\s*/, '').replace(/\s+/g, '').replace(/<.*$/s, '');
  const members = s.sources.typed.get(typeName);
  if (!members) return names;
  for (const part of namedChildren(pattern)) {
    if (part.type === 'shorthand_property_identifier_pattern' && members.has(textOf(s.text, part))) names.add(textOf(s.text, part));
    else if (part.type === 'pair_pattern' || part.type === 'object_assignment_pattern') {
      const k = child(part, part.type === 'pair_pattern' ? 'key' : 'left');
      if (k && members.has(textOf(s.text, k))) for (const n of patternNames(s, part)) names.add(n);
    }
  }
  return names;
}

/** A parameter of a route (not an injected dependency) or one with a source decorator (`@Body()`). */
function isInputParameter(s: TaintState, param: SyntaxNode, route: RouteMatcher | undefined): boolean {
  if (route) return !(route.injectedDefault && param.type.includes('default') && route.injectedDefault.test(textOf(s.text, param)));
  if (s.sources.decorators.size === 0) return false;
  return param.children.some((d) => d.type === 'decorator' && s.sources.decorators.has(/^@\s*(?:[\w$]+\s*\.\s*)*([\w$]+)/.exec(textOf(s.text, d))?.[1] ?? ''));
}

/**
 * `items.append(x)`, `list.push(x)`, `map.set(k, x)`, `conf.set(s, k, x)`: the container now carries
 * x's taint too; with literal keys, the slot `map["k"]` / `conf["s"]["k"]` holds x.
 */
function containerWrite(s: TaintState, node: SyntaxNode): void {
  const callee = child(node, 'function');
  const args = child(node, 'arguments');
  if (!callee || !args || (callee.type !== 'member_expression' && callee.type !== 'attribute')) return;
  const prop = child(callee, callee.type === 'attribute' ? 'attribute' : 'property');
  const object = child(callee, 'object');
  if (!prop || !object) return;
  const method = textOf(s.text, prop);
  if (!s.propagators.receiverWrites.has(method)) return;
  const k = key(s, object);
  if (!k || s.imports.aliases.has(k)) return;
  const values = namedChildren(args);
  if (method === 'set' && values.length >= 2) {
    const keys = values.slice(0, -1).map((a) => literalKey(s.text, a));
    const value = values.at(-1) as SyntaxNode;
    if (keys.every((x) => x !== undefined)) {
      assign(s, node, `${k}${keys.map((x) => `[${x}]`).join('')}`, value);
      bind(s, node, k, { pos: node.end, kind: 'augment', node: value, at: node.start, site: node, keyed: keys[0] });
      return;
    }
  }
  bind(s, node, k, { pos: node.end, kind: 'augment', node: args, at: node.start, site: node });
}

/** The innermost branch or loop body holding a statement within its function, if any. */
export function conditionalBlock(s: TaintState, node: SyntaxNode): SyntaxNode | undefined {
  for (let p: SyntaxNode = node, pp = node.parent; pp; p = pp, pp = pp.parent) {
    if (s.fnTypes.has(pp.type)) return undefined;
    if (isBranchBody(p, pp)) return p;
  }
  return undefined;
}

/** Whether `p` is a body of the branch or loop statement `pp` (not its condition, iterable or subject). */
function isBranchBody(p: SyntaxNode, pp: SyntaxNode): boolean {
  if (!BRANCHES.has(pp.type)) return false;
  if (p === child(pp, 'condition') || p === child(pp, 'left') || p === child(pp, 'right') || p === child(pp, 'initializer') || p === child(pp, 'value') || p === child(pp, 'subject')) return false;
  return pp.type === 'else_clause' || pp.type === 'elif_clause' || p.type === 'block' || p.type === 'statement_block' || p.type.endsWith('_statement');
}

/** The route source whose decorator the function carries (a Python route handler), if any. */
function routeOf(s: TaintState, fn: SyntaxNode): RouteMatcher | undefined {
  const parent = fn.parent;
  if (parent?.type !== 'decorated_definition' || s.sources.routes.length === 0) return undefined;
  const decorators = namedChildren(parent).filter((d) => d.type === 'decorator').map((d) => textOf(s.text, d));
  return s.sources.routes.find((r) => decorators.some((d) => r.decorator.test(d)));
}

/**
 * The expressions bound to `name` (an identifier or a storage key) before `at`, looked up from
 * `from` outwards: the last assignment and the `+=` after it; with `reaching`, what an earlier
 * assignment left too when the latest is a branch's (empty when a parameter or check may reach).
 */
export function definitionsOfKey(name: string, at: number, from: Scope, reaching = false): SyntaxNode[] {
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
