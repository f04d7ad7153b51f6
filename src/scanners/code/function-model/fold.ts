/**
 * Constant folding and same-file summaries for the per-function model: branches of `if`, `?:` and
 * `switch` that a compile-time constant never takes, map and list reads by constant key or index, and
 * functions of the file whose return values never come from their parameters.
 */
import { child, descendants, enclosingFunction, functionTypes, namedChildren, textOf } from '../ast.js';
import { kindsOf, roleSwitch, roleUnion, type LanguageProfile, type Role } from '../language-profile.js';
import type { SyntaxNode } from '../parser.js';
import type { RuleContext } from '../rule.js';
import { assignments, stringValueOf, type Assignment } from './assignments.js';
import { sourceOf } from './sources.js';

const NO_KINDS: ReadonlySet<string> = new Set();

/** Whether `node` is its parent's `field` (never when the role has no such field). */
export const isField = (node: SyntaxNode, field: string | undefined): boolean => field !== undefined && node.field === field;

/** A role's kinds as one list per profile (for `ctx.nodes.of`), built once. */
function kindList(role: Role): (profile: LanguageProfile) => string[] {
  const lists: string[][] = [];
  return (profile) => (lists[profile.id] ??= kindsOf(profile, [role]));
}
const foldedCallKinds = kindList('foldedMethodCalls');
const returnKinds = kindList('returns');
const classKinds = kindList('classDeclarations');

/**
 * `map.get("k")`/`props.getProperty("k")` on a map filled with constant keys: the values put under "k"
 * (latest first, down to the last plain assignment) and the default argument; false when not such a lookup.
 */
export function keyedValues(ctx: RuleContext, node: SyntaxNode): (SyntaxNode | undefined)[] | false {
  const { kinds, fields } = ctx.profile;
  if (!kinds.foldedMethodCalls.has(node.type)) return false;
  const f = fields.foldedMethodCalls;
  const [object, name, args] = [child(node, f.receiver), child(node, f.method), child(node, f.arguments)];
  if (!object || !kinds.identifiers.has(object.type) || !name || !args || !/^(?:get|getProperty|getOrDefault)$/.test(textOf(ctx.text, name))) return false;
  const key = stringValueOf(ctx, namedChildren(args)[0]);
  const list = (assignments(ctx).get(enclosingFunction(node, ctx.language) ?? null)?.get(textOf(ctx.text, object)) ?? []).filter((a) => a.pos <= node.start && !deadBranch(ctx, a.at));
  if (key === undefined || !list.some((a) => a.key !== undefined)) return false;
  const values: (SyntaxNode | undefined)[] = [];
  for (let i = list.length - 1; i >= 0; i--) {
    const a = list[i] as Assignment;
    if (a.key !== undefined && a.key !== key) continue;
    values.push(a.value);
    if (!a.append) break;
  }
  values.push(namedChildren(args)[1]);
  return values;
}

/**
 * `list.get(1)` on a Java list filled in straight-line code with `add(x)` and `remove(i)` only: the element
 * at that index (null when out of range), or false when the list is not that simple.
 */
export function listLookup(ctx: RuleContext, node: SyntaxNode): SyntaxNode | null | false {
  const { kinds, fields } = ctx.profile;
  const f = fields.foldedMethodCalls;
  if (!kinds.foldedMethodCalls.has(node.type) || textOf(ctx.text, child(node, f.method) ?? node) !== 'get') return false;
  const object = child(node, f.receiver);
  const index = evaluate(ctx, namedChildren(child(node, f.arguments) ?? node)[0]);
  if (!object || !kinds.identifiers.has(object.type) || typeof index !== 'number') return false;
  const name = textOf(ctx.text, object);
  const fn = enclosingFunction(node, ctx.language) ?? null;
  const elements: SyntaxNode[] = [];
  for (const call of ctx.nodes.of(...foldedCallKinds(ctx.profile))) {
    if (call.start >= node.start || textOf(ctx.text, child(call, f.receiver) ?? call) !== name || (enclosingFunction(call, ctx.language) ?? null) !== fn) continue;
    const method = textOf(ctx.text, child(call, f.method) ?? call);
    const args = namedChildren(child(call, f.arguments) ?? call);
    if (method === 'add' && args.length === 1 && args[0]) elements.push(args[0]);
    else if (method === 'remove' && args.length === 1 && typeof evaluate(ctx, args[0]) === 'number') elements.splice(evaluate(ctx, args[0]) as number, 1);
    else if (!['get', 'size', 'isEmpty', 'contains', 'indexOf'].includes(method)) return false;
  }
  // Only a list created empty in this function (not a parameter or field filled elsewhere).
  const created = assignments(ctx).get(fn)?.get(name)?.filter((a) => !a.append) ?? [];
  if (created.length !== 1 || !/^new\s+[\w.]*(?:ArrayList|LinkedList)\b[^(]*\(\s*\)$/.test(textOf(ctx.text, created[0]?.value ?? node))) return false;
  return elements[index] ?? null;
}

/** The syntax evaluate folds, by role of the node's kind. */
const EVALUATED_ROLES = roleSwitch(['integerLiterals', 'trueLiterals', 'falseLiterals', 'parentheses', 'identifiers', 'characterLiterals', 'foldedMethodCalls', 'foldedBinaries'] as const);

/** The value of an integer or boolean expression fixed at compile time (`(7 * 42) - num > 200` with `int num = 86`), else undefined. */
export function evaluate(ctx: RuleContext, node: SyntaxNode | undefined, depth = 0): number | boolean | undefined {
  if (!node || depth > 8) return undefined;
  const t = textOf(ctx.text, node);
  const { kinds, fields } = ctx.profile;
  switch (EVALUATED_ROLES(ctx.profile).get(node.type)) {
    case 'integerLiterals':
      return /^\d+$/.test(t) ? Number(t) : undefined;
    case 'trueLiterals':
      return true;
    case 'falseLiterals':
      return false;
    case 'parentheses':
      return namedChildren(node).length === 1 ? evaluate(ctx, namedChildren(node)[0], depth + 1) : undefined;
    case 'identifiers': {
      // A local written exactly once, with a constant.
      const list = assignments(ctx).get(enclosingFunction(node, ctx.language) ?? null)?.get(t) ?? [];
      return list.length === 1 && !list[0]?.append ? evaluate(ctx, list[0]?.value, depth + 1) : undefined;
    }
    // Characters: 'C', and "ABC".charAt(2) on a local written once with a constant.
    case 'characterLiterals':
      return /^'.'$/.test(t) ? t.charCodeAt(1) : undefined;
    case 'foldedMethodCalls': {
      const f = fields.foldedMethodCalls;
      if (textOf(ctx.text, child(node, f.method) ?? node) !== 'charAt') return undefined;
      const object = child(node, f.receiver);
      const list = object && kinds.identifiers.has(object.type) ? (assignments(ctx).get(enclosingFunction(node, ctx.language) ?? null)?.get(textOf(ctx.text, object)) ?? []) : [];
      const value = list.length === 1 ? stringValueOf(ctx, list[0]?.value) : undefined;
      const index = evaluate(ctx, namedChildren(child(node, f.arguments) ?? node)[0], depth + 1);
      return value !== undefined && typeof index === 'number' && index < value.length ? value.charCodeAt(index) : undefined;
    }
    case 'foldedBinaries':
      return evaluateBinary(ctx, node, depth);
    default:
      return undefined;
  }
}

/** `a op b` with both sides fixed at compile time: arithmetic, comparison, `&&`, `||`. */
function evaluateBinary(ctx: RuleContext, node: SyntaxNode, depth: number): number | boolean | undefined {
  const f = ctx.profile.fields.foldedBinaries;
  const [left, right] = [child(node, f.left), child(node, f.right)];
  if (!left || !right) return undefined;
  const [l, r] = [evaluate(ctx, left, depth + 1), evaluate(ctx, right, depth + 1)];
  if (l === undefined || r === undefined) return undefined;
  const op = ctx.text.slice(left.end, right.start).trim();
  if (typeof l === 'boolean' || typeof r === 'boolean') return op === '&&' ? l && r : op === '||' ? l || r : undefined;
  const ops: Record<string, () => number | boolean> = {
    '+': () => l + r, '-': () => l - r, '*': () => l * r, '/': () => (r === 0 ? NaN : Math.trunc(l / r)), '%': () => l % r,
    '<': () => l < r, '>': () => l > r, '<=': () => l <= r, '>=': () => l >= r, '==': () => l === r, '!=': () => l !== r,
  };
  const value = ops[op]?.();
  return typeof value === 'number' && !Number.isFinite(value) ? undefined : value;
}

/** Statements that end a case group (the groups after it are not fallen into). */
const CASE_ENDS = roleUnion(['breaks', 'returns']);

/** Whether a `case` group of a Java switch on a compile-time constant is never run (not entered, nor fallen into). */
function deadCase(ctx: RuleContext, group: SyntaxNode): boolean {
  const { kinds, fields } = ctx.profile;
  const block = group.parent;
  const value = block?.parent ? evaluate(ctx, child(block.parent, fields.switches.value)) : undefined;
  if (!block || typeof value !== 'number') return false;
  const groups = namedChildren(block).filter((g) => kinds.fallingCases.has(g.type));
  const labels = (g: SyntaxNode) => namedChildren(g).filter((c) => kinds.switchLabels.has(c.type));
  let entry = groups.findIndex((g) => labels(g).some((l) => namedChildren(l).some((v) => evaluate(ctx, v) === value)));
  if (entry < 0) entry = groups.findIndex((g) => labels(g).some((l) => textOf(ctx.text, l) === 'default'));
  if (entry < 0) return true;
  for (let i = entry; i < groups.length; i++) {
    if (groups[i] === group) return false;
    if (namedChildren(groups[i] as SyntaxNode).some((c) => CASE_ENDS(ctx.profile).has(c.type))) return true;
  }
  return true;
}

/** Whether an assignment sits in an `if` branch or `case` that a compile-time constant never takes. */
export function deadBranch(ctx: RuleContext, at: SyntaxNode): boolean {
  const { kinds, fields } = ctx.profile;
  // Case groups whose labels are nodes of their own and that run into the next (Java `case 1:` groups).
  const labelledGroups = kinds.switchLabels.size > 0 ? kinds.fallingCases : NO_KINDS;
  const f = fields.foldedIfs;
  for (let n: SyntaxNode = at; n.parent && !functionTypes(ctx.language).has(n.parent.type); n = n.parent) {
    if (labelledGroups.has(n.parent.type) && !kinds.switchLabels.has(n.type)) {
      if (deadCase(ctx, n.parent)) return true;
      continue;
    }
    if (!kinds.foldedIfs.has(n.parent.type) || (!isField(n, f.consequence) && !isField(n, f.alternative))) continue;
    const taken = evaluate(ctx, child(n.parent, f.condition));
    if (typeof taken === 'boolean' && taken !== isField(n, f.consequence)) return true;
  }
  return false;
}

const summaryCache = new WeakMap<SyntaxNode, Map<string, boolean>>();

/** Whether a returned expression is built from the function's parameters (through its local assignments). */
function usesParameters(ctx: RuleContext, node: SyntaxNode | undefined, params: ReadonlySet<string>, seen: Set<SyntaxNode>, depth = 0): boolean {
  if (!node || depth > 12 || seen.has(node)) return false;
  seen.add(node);
  const { kinds } = ctx.profile;
  if (kinds.parameterDeclarations.has(node.type) || sourceOf(ctx, node)) return true;
  if (kinds.identifiers.has(node.type)) {
    const name = textOf(ctx.text, node);
    const list = (assignments(ctx).get(enclosingFunction(node, ctx.language) ?? null)?.get(name) ?? []).filter((a) => a.pos <= node.start && !deadBranch(ctx, a.at));
    if (params.has(name) && !list.some((a) => !a.append)) return true;
    return list.some((a) => usesParameters(ctx, a.value, params, seen, depth + 1));
  }
  return namedChildren(node).some((c) => usesParameters(ctx, c, params, seen, depth));
}

/** Functions declared in this file, by name: true when some declaration returns a value built from its parameters. */
function summaries(ctx: RuleContext): Map<string, boolean> {
  const cached = summaryCache.get(ctx.root);
  if (cached) return cached;
  const table = new Map<string, boolean>();
  const { kinds, fields } = ctx.profile;
  const f = fields.functions;
  // Each return statement under its function, found once (not once per function declared).
  const returnsOf = new Map<SyntaxNode, SyntaxNode[]>();
  for (const r of ctx.nodes.of(...returnKinds(ctx.profile))) {
    const fn = enclosingFunction(r, ctx.language);
    if (!fn) continue;
    const list = returnsOf.get(fn);
    if (list) list.push(r);
    else returnsOf.set(fn, [r]);
  }
  for (const fn of ctx.nodes.of(...functionTypes(ctx.language))) {
    const nameNode = child(fn, f.name);
    const paramsNode = child(fn, f.parameters);
    if (!nameNode || !paramsNode) continue;
    const params = new Set<string>();
    // (Type names are not identifiers: Go's and Java's `type_identifier` is a kind of its own.)
    for (const d of descendants(paramsNode)) if (kinds.identifiers.has(d.type)) params.add(textOf(ctx.text, d));
    const returns = returnsOf.get(fn) ?? [];
    // Ruby returns its last expression.
    const body = child(fn, f.body);
    const values = returns.map((r) => namedChildren(r)[0]).concat(ctx.language === 'ruby' && body ? [namedChildren(body).at(-1)] : []);
    const uses = values.some((v) => usesParameters(ctx, v, params, new Set()));
    const name = textOf(ctx.text, nameNode);
    table.set(name, (table.get(name) ?? false) || uses);
  }
  summaryCache.set(ctx.root, table);
  return table;
}

/** Calls whose receiver may name an object of this file: method calls, and Go's calls of a member. */
const RECEIVER_CALLS = roleSwitch(['calls', 'methodCalls'] as const);

/**
 * Whether a call goes to a function or method of this file (a plain call, `$this->m()`, `this.m()`,
 * `new Helper().m()` of a class declared here) whose return values never come from its parameters.
 */
export function returnsConstant(ctx: RuleContext, call: SyntaxNode, name: string): boolean {
  if (summaries(ctx).get(name) !== false) return false;
  const { fields } = ctx.profile;
  // The receiver of a method call (not of PHP's `Cls::m()`), or of a call whose callee is a member (Go `h.m()`).
  const role = RECEIVER_CALLS(ctx.profile).get(call.type);
  const receiver = role === 'methodCalls' ? child(call, fields.methodCalls.receiver) : role === 'calls' ? child(child(call, fields.calls.callee) ?? call, fields.members.object) : undefined;
  // A plain call by name: its callee has the name of a function of this file (checked above).
  if (!receiver) return true;
  const r = textOf(ctx.text, receiver);
  if (r === 'this' || r === '$this' || r === 'self') return true;
  const created = /^new\s+([\w.]+)\s*\(/.exec(r)?.[1]?.split('.').at(-1);
  return !!created && ctx.nodes.of(...classKinds(ctx.profile)).some((c) => textOf(ctx.text, child(c, fields.classDeclarations.name) ?? c) === created);
}
