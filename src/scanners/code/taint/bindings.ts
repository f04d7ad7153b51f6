/**
 * Binding collection: one walk over the file records, per function scope, what each name is bound
 * to and where that takes effect (declarations, assignments, `+=`, destructuring, loop and `with`
 * variables, parameters and route parameters, container writes such as `items.append(x)` and
 * `map.set('k', x)`), marks assignments inside branch and loop bodies as may-assignments, and
 * notes the names a function writes in an enclosing scope (closure writes, `global`). Also
 * reads the bindings back as the definitions of a name (definitionsOf and friends).
 */
import { child, namedChildren, textOf, unwrap } from '../ast.js';
import { roleSwitch, roleUnion } from '../language-profile.js';
import type { SyntaxNode } from '../parser.js';
import type { RouteMatcher } from '../taint-sources.js';
import { bind, key, literalKey, type Binding, type Scope, type TaintState } from './state.js';

/** Statements whose bodies may not run (or run more than once): an assignment in them is a may-assignment after them. */
const BRANCHES = roleUnion(['ifs', 'elifs', 'elses', 'whiles', 'forLoops', 'forEachLoops', 'doWhiles', 'catches', 'switchCases', 'switchDefaults', 'caseClauses', 'matches']);
/** The syntax patternNames reads. */
const PATTERN_ROLES = roleSwitch(['identifiers', 'shorthandPatterns', 'members', 'subscripts', 'pairPatterns', 'defaultPatterns', 'typedParameters', 'destructurings'] as const);
/** The syntax collect records bindings from (functions bind their parameters). */
const COLLECT_ROLES = roleSwitch(['declarators', 'assignments', 'namedExpressions', 'augmentedAssignments', 'forEachLoops', 'asPatterns', 'ifs', 'switches', 'matches', 'sharedDeclarations', 'updates', 'calls', 'functions'] as const);

/** An assignment of `value` to `name` at `site`: a may-assignment inside a branch or loop body. */
function assign(s: TaintState, site: SyntaxNode, name: string, value: SyntaxNode): void {
  const block = conditionalBlock(s, site);
  bind(s, site, name, block ? { pos: site.end, kind: 'maybe', node: value, at: site.start, block, site } : { pos: site.end, kind: 'expr', node: value, site });
}

/** The names a declaration, assignment target or parameter binds (through destructuring, defaults and type annotations). */
function patternNames(s: TaintState, pattern: SyntaxNode): string[] {
  const n = pattern;
  const { kinds, fields } = s.profile;
  switch (PATTERN_ROLES(s.profile).get(n.type)) {
    case 'identifiers':
    case 'shorthandPatterns':
      return [textOf(s.text, n)];
    case 'members':
    case 'subscripts': {
      const k = key(s, n);
      return k ? [k] : [];
    }
    case 'pairPatterns': {
      const v = child(n, fields.pairPatterns.value);
      return v ? patternNames(s, v) : [];
    }
    case 'defaultPatterns': {
      const l = child(n, fields.defaultPatterns.target);
      return l ? patternNames(s, l) : [];
    }
    case 'typedParameters': {
      const p = child(n, fields.typedParameters.pattern);
      return p ? patternNames(s, p) : [];
    }
    case 'destructurings':
      return namedChildren(n)
        .filter((c) => !kinds.typeAnnotations.has(c.type))
        .flatMap((c) => patternNames(s, c));
    default:
      return [];
  }
}

/** Records every binding of the file in one walk, in document order, and the `if` statements whose guards guards.ts reads later. */
export function collect(s: TaintState): void {
  const { kinds, fields } = s.profile;
  const roles = COLLECT_ROLES(s.profile);
  /** `f = function …`, `f = lambda …`: calls of `f` by name reach that function. */
  const nameFunction = (name: SyntaxNode, value: SyntaxNode): void => {
    const fn = unwrap(value, s.profile);
    if (kinds.identifiers.has(name.type) && kinds.functions.has(fn.type)) s.functionsByName.set(textOf(s.text, name), fn);
  };
  // Document order, as `descendants` walks, without a generator.
  const stack: SyntaxNode[] = [s.root];
  while (stack.length > 0) {
    const node = stack.pop() as SyntaxNode;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as SyntaxNode);
    switch (roles.get(node.type)) {
      case 'declarators': {
        const name = child(node, fields.declarators.name);
        const value = child(node, fields.declarators.value);
        if (!name) break;
        for (const n of patternNames(s, name)) bind(s, node, n, value ? { pos: node.end, kind: 'expr', node: value, site: node } : { pos: node.end, kind: 'clean', at: node.start });
        if (value) nameFunction(name, value);
        break;
      }
      case 'assignments': {
        const left = child(node, fields.assignments.left);
        const right = child(node, fields.assignments.right);
        if (!left || !right) break;
        for (const n of patternNames(s, left)) assign(s, node, n, right);
        nameFunction(left, right);
        // `d['k'] = v`: the container now holds v too (under that key when it is a literal).
        if (kinds.subscripts.has(left.type)) {
          const obj = child(left, fields.subscripts.object);
          const k = obj ? key(s, obj) : undefined;
          const keyed = literalKey(s.text, child(left, fields.subscripts.index), s.profile);
          if (k && !s.imports.aliases.has(k)) bind(s, node, k, { pos: node.end, kind: 'augment', node: right, at: node.start, site: node, keyed });
        }
        break;
      }
      case 'namedExpressions': {
        const name = child(node, fields.namedExpressions.name);
        const value = child(node, fields.namedExpressions.value);
        if (name && value) bind(s, node, textOf(s.text, name), { pos: node.end, kind: 'expr', node: value, site: node });
        break;
      }
      case 'augmentedAssignments': {
        const left = child(node, fields.augmentedAssignments.left);
        const right = child(node, fields.augmentedAssignments.right);
        const k = left ? key(s, left) : undefined;
        if (k && right) bind(s, node, k, { pos: node.end, kind: 'augment', node: right, at: node.start, site: node });
        break;
      }
      case 'forEachLoops': {
        const left = child(node, fields.forEachLoops.left);
        const right = child(node, fields.forEachLoops.right);
        if (!left || !right) break;
        for (const n of patternNames(s, left)) bind(s, node, n, { pos: right.end, kind: 'expr', node: right });
        break;
      }
      case 'asPatterns': {
        const alias = child(node, fields.asPatterns.alias);
        const value = namedChildren(node)[0];
        if (alias && value && value !== alias) for (const n of patternNames(s, namedChildren(alias)[0] ?? alias)) bind(s, node, n, { pos: node.end, kind: 'expr', node: value });
        break;
      }
      // Branches whose checks guard values (taint/guards.ts): ifs, and switches and matches as allow-lists.
      case 'ifs':
      case 'switches':
      case 'matches':
        s.ifs.push(node);
        break;
      case 'sharedDeclarations':
        for (const n of namedChildren(node)) s.shared.add(textOf(s.text, n));
        break;
      case 'updates': {
        // `i++`: the variable changes (its taint does not).
        const arg = child(node, fields.updates.argument);
        const k = arg ? key(s, arg) : undefined;
        if (arg && k) bind(s, node, k, { pos: node.end, kind: 'augment', node: arg, at: node.start, site: node });
        break;
      }
      case 'calls':
        containerWrite(s, node);
        break;
      case 'functions':
        parameters(s, node);
        break;
      default:
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
        if (b.kind === 'param' || (b.kind === 'expr' && b.site !== undefined && s.profile.kinds.declarators.has(b.site.type)) || (b.kind === 'clean' && !b.kinds)) declared = true;
        else if ((b.kind === 'expr' || b.kind === 'maybe' || b.kind === 'augment') && b.site) written = true;
      }
      if (written && !declared) s.shared.add(name);
    }
  }
}

/** A function's name (for summaries) and its parameters: route parameters are request data, others a pseudo-taint for summaries. */
function parameters(s: TaintState, fn: SyntaxNode): void {
  const { kinds, fields } = s.profile;
  const name = child(fn, fields.functions.name);
  if (name && kinds.functionDeclarations.has(fn.type)) {
    if (!s.functionsByName.has(textOf(s.text, name))) s.functionsByName.set(textOf(s.text, name), fn);
  }
  const params = child(fn, fields.functions.parameters) ?? child(fn, fields.functions.parameter);
  if (!params) return;
  const list = kinds.identifiers.has(params.type) ? [params] : namedChildren(params);
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
  const { kinds, fields } = s.profile;
  if (s.sources.typed.size === 0 || !kinds.typedParameters.has(param.type)) return names;
  const pattern = child(param, fields.typedParameters.pattern);
  const type = child(param, fields.typedParameters.type);
  if (!pattern || !kinds.destructurings.has(pattern.type) || !type) return names;
  const typeName = textOf(s.text, type).replace(/^:\s*/, '').replace(/\s+/g, '').replace(/<.*$/s, '');
  const members = s.sources.typed.get(typeName);
  if (!members) return names;
  for (const part of namedChildren(pattern)) {
    // `{ query }`, `{ body: b }`, `{ query = {} }`: the member's name, then the names it binds.
    const member = kinds.shorthandPatterns.has(part.type)
      ? part
      : kinds.pairPatterns.has(part.type)
        ? child(part, fields.pairPatterns.key)
        : kinds.defaultPatterns.has(part.type)
          ? child(part, fields.defaultPatterns.target)
          : undefined;
    if (member && members.has(textOf(s.text, member))) for (const n of patternNames(s, part)) names.add(n);
  }
  return names;
}

/** A parameter of a route (not an injected dependency) or one with a source decorator (`@Body()`). */
function isInputParameter(s: TaintState, param: SyntaxNode, route: RouteMatcher | undefined): boolean {
  const kinds = s.profile.kinds;
  if (route) return !(route.injectedDefault && kinds.defaultPatterns.has(param.type) && route.injectedDefault.test(textOf(s.text, param)));
  if (s.sources.decorators.size === 0) return false;
  return param.children.some((d) => kinds.decorators.has(d.type) && s.sources.decorators.has(/^@\s*(?:[\w$]+\s*\.\s*)*([\w$]+)/.exec(textOf(s.text, d))?.[1] ?? ''));
}

/**
 * `items.append(x)`, `list.push(x)`, `map.set(k, x)`, `conf.set(s, k, x)`: the container now carries
 * x's taint too; with literal keys, the slot `map["k"]` / `conf["s"]["k"]` holds x.
 */
function containerWrite(s: TaintState, node: SyntaxNode): void {
  const { kinds, fields } = s.profile;
  const callee = child(node, fields.calls.callee);
  const args = child(node, fields.calls.arguments);
  if (!callee || !args || !kinds.members.has(callee.type)) return;
  const prop = child(callee, fields.members.property);
  const object = child(callee, fields.members.object);
  if (!prop || !object) return;
  const method = textOf(s.text, prop);
  if (!s.propagators.receiverWrites.has(method)) return;
  const k = key(s, object);
  if (!k || s.imports.aliases.has(k)) return;
  const values = namedChildren(args);
  if (method === 'set' && values.length >= 2) {
    const keys = values.slice(0, -1).map((a) => literalKey(s.text, a, s.profile));
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
  const functions = s.profile.kinds.functions;
  const branches = BRANCHES(s.profile);
  for (let p: SyntaxNode = node, pp = node.parent; pp; p = pp, pp = pp.parent) {
    if (functions.has(pp.type)) return undefined;
    if (branches.has(pp.type) && isBranchBody(s, p, pp)) return p;
  }
  return undefined;
}

/** Whether `p` is a body of the branch or loop statement `pp` (not its condition, iterable or subject). */
function isBranchBody(s: TaintState, p: SyntaxNode, pp: SyntaxNode): boolean {
  const profile = s.profile;
  for (const field of profile.branchHeadFields) if (p === child(pp, field)) return false;
  const { kinds, statementSuffix } = profile;
  return kinds.elses.has(pp.type) || kinds.elifs.has(pp.type) || kinds.blocks.has(p.type) || (statementSuffix !== undefined && p.type.endsWith(statementSuffix));
}

/** The route source whose decorator the function carries (a Python route handler), if any. */
function routeOf(s: TaintState, fn: SyntaxNode): RouteMatcher | undefined {
  const parent = fn.parent;
  const kinds = s.profile.kinds;
  if (!parent || !kinds.decoratedDefinitions.has(parent.type) || s.sources.routes.length === 0) return undefined;
  const decorators = namedChildren(parent).filter((d) => kinds.decorators.has(d.type)).map((d) => textOf(s.text, d));
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
