/**
 * The assignment table of the per-function model: for each function (null = top level) and variable,
 * the values it is given in document order, including loop bindings, compound assignments and values
 * stored into builders and collections. It reads node kinds and fields only through the language profiles
 * (language-profile.ts; test/architecture/engine-kinds.test.ts).
 */
import { child, enclosingFunction, namedChildren, textOf } from '../ast.js';
import { kindsOf, type LanguageProfile, type Role } from '../language-profile.js';
import { usesFunctionModel, type SyntaxNode } from '../parser.js';
import type { RuleContext } from '../rule.js';
import { compilePropagators, type CompiledPropagators } from '../taint-propagators.js';
import { JAVA_SOURCE_ANNOTATION } from './sources.js';

/** `append`: adds to what the variable held (`.=`, `+=`, `sb.append(x)`, `map.put(k, x)`) instead of replacing it. */
export type Assignment = { readonly pos: number; readonly value: SyntaxNode | undefined; readonly append?: boolean; readonly at: SyntaxNode; readonly key?: string };

const cache = new WeakMap<SyntaxNode, Map<SyntaxNode | null, Map<string, Assignment[]>>>();

/** The kinds of several roles as one list for `nodes.of` (document order), built once per profile. */
export function roleKinds(roles: readonly Role[]): (profile: LanguageProfile) => readonly string[] {
  const lists: (readonly string[] | undefined)[] = [];
  return (profile) => (lists[profile.id] ??= kindsOf(profile, roles));
}

const propagators: (CompiledPropagators | undefined)[] = [];
/**
 * The language's `argument-to-receiver` rows of taint-propagators.ts: methods (Go/Java/Ruby builders and
 * collections, Ruby's `<<` operator among them) that store an argument inside their receiver, and functions
 * (PHP `array_push`) that store their last argument in the array given first.
 */
const propagatorsOf = (profile: LanguageProfile): CompiledPropagators => (propagators[profile.id] ??= compilePropagators(profile.name));

/** Methods whose block parameters take the receiver's elements (Ruby iterators: the languages with callBlocks). */
const ITERATORS = /^(?:each|each_pair|each_with_index|each_value|each_key|map|collect|select|filter|find|detect|each_with_object|flat_map|filter_map)$/;

const DECLARATORS = roleKinds(['declarators']);
const ASSIGNING = roleKinds(['assignments', 'augmentedAssignments']);
const PLAIN_ASSIGNMENTS = roleKinds(['assignments']);
const CALLS = roleKinds(['calls']);
const LIST_DECLARATORS = roleKinds(['listDeclarators']);
const FOR_EACH = roleKinds(['forEachLoops']);
const BINARIES = roleKinds(['binaries']);
const METHOD_CALLS = roleKinds(['methodCalls']);
const RECEIVER_CALLS = roleKinds(['methodCalls', 'calls']);
const PARAMETER_DECLARATIONS = roleKinds(['parameterDeclarations']);

/** Assignments per function (null = top level), by variable name, in document order. */
export function assignments(ctx: RuleContext): Map<SyntaxNode | null, Map<string, Assignment[]>> {
  const cached = cache.get(ctx.root);
  if (cached) return cached;
  const table = new Map<SyntaxNode | null, Map<string, Assignment[]>>();
  cache.set(ctx.root, table);
  // The per-function model's languages only (JavaScript and Python have their own engine).
  if (!usesFunctionModel(ctx.language)) return table;
  const { profile } = ctx;
  const { kinds, fields } = profile;
  const { receiverWrites, receiverWriteFunctions } = propagatorsOf(profile);
  const add = (at: SyntaxNode, name: SyntaxNode | undefined, value: SyntaxNode | undefined, append = false, pos = at.end, mapKey?: string) => {
    if (!name) return;
    const fn = enclosingFunction(at, ctx.language) ?? null;
    let byName = table.get(fn);
    if (!byName) table.set(fn, (byName = new Map<string, Assignment[]>()));
    const key = textOf(ctx.text, name);
    let list = byName.get(key);
    if (!list) byName.set(key, (list = []));
    list.push({ pos, value, append, at, ...(mapKey === undefined ? {} : { key: mapKey }) });
  };
  const pairs = (left: SyntaxNode | undefined, right: SyntaxNode | undefined, at: SyntaxNode, pos = at.end) => {
    if (!left || !right) return;
    const op = ctx.text.slice(left.end, right.start).trim();
    const append = op.length > 1 && op.endsWith('=') && !['==', '!=', '<=', '>=', ':='].includes(op);
    const ls = kinds.expressionLists.has(left.type) ? namedChildren(left) : [left];
    const rs = kinds.expressionLists.has(right.type) ? namedChildren(right) : [right];
    ls.forEach((l, i) => add(at, l, rs.length === ls.length ? rs[i] : rs[0], append, pos));
  };
  /** `sb.append(a).append(b)`, `map.put(k, v)`, `b.WriteString(s)`: the value is stored in the root receiver. */
  const containerAdd = (call: SyntaxNode, receiver: SyntaxNode | undefined, method: string | undefined, args: SyntaxNode | undefined) => {
    if (!method || !receiverWrites.has(method) || !args) return;
    let root = receiver;
    while (root && !kinds.identifiers.has(root.type)) {
      root = kinds.methodCalls.has(root.type) ? child(root, fields.methodCalls.receiver) : kinds.calls.has(root.type) ? child(child(root, fields.calls.callee) ?? root, fields.members.object) : undefined;
    }
    const values = namedChildren(args);
    const value = values.at(-1);
    // map.put("key", v): remembered under its constant key, so map.get("other") does not pick it up.
    const key = (method === 'put' || method === 'setProperty') && values.length === 2 ? stringValueOf(ctx, values[0]) : undefined;
    if (root && value) add(call, root, value, true, call.end, key);
  };
  // Sections in an order every language keeps its own: declarators, assignments, appends, loops, container adds, parameters.
  for (const d of ctx.nodes.of(...DECLARATORS(profile))) {
    // Declarators of several names (Go `var a, b = x, y`) are read pairwise below.
    if (!kinds.listDeclarators.has(d.type)) add(d, child(d, fields.declarators.name), child(d, fields.declarators.value));
  }
  for (const a of ctx.nodes.of(...ASSIGNING(profile))) {
    const f = kinds.assignments.has(a.type) ? fields.assignments : fields.augmentedAssignments;
    pairs(child(a, f.left), child(a, f.right), a);
  }
  // `$parts[] = $x` appends to `$parts`; `array_push($parts, $x)` too.
  if (kinds.appendingSubscripts.size > 0) {
    for (const a of ctx.nodes.of(...PLAIN_ASSIGNMENTS(profile))) {
      const left = child(a, fields.assignments.left);
      const target = left && kinds.appendingSubscripts.has(left.type) && /\[\s*\]$/.test(textOf(ctx.text, left)) ? namedChildren(left)[0] : undefined;
      if (target && kinds.identifiers.has(target.type)) add(a, target, child(a, fields.assignments.right), true);
    }
  }
  if (receiverWriteFunctions.size > 0) {
    for (const c of ctx.nodes.of(...CALLS(profile))) {
      const fn = child(c, fields.calls.callee);
      if (!fn || !receiverWriteFunctions.has(textOf(ctx.text, fn).replace(/^\\/, ''))) continue;
      const args = namedChildren(child(c, fields.calls.arguments) ?? c).map((x) => (kinds.argumentWrappers.has(x.type) ? (namedChildren(x)[0] ?? x) : x));
      const target = args[0];
      if (target && kinds.identifiers.has(target.type) && args.length > 1) add(c, target, args.at(-1), true);
    }
  }
  for (const v of ctx.nodes.of(...LIST_DECLARATORS(profile))) pairs(child(v, fields.listDeclarators.name), child(v, fields.listDeclarators.value), v);
  // Loop bindings take the iterated value: `for (String s : list)`, `for k, v := range m`, PHP `foreach ($rows as $k => $v)` (by position).
  const loop = fields.forEachLoops;
  for (const f of ctx.nodes.of(...FOR_EACH(profile))) {
    if (loop.left) {
      const right = child(f, loop.right);
      pairs(child(f, loop.left), right, f, right?.end ?? f.start);
      continue;
    }
    const [iterable, binding] = namedChildren(f);
    const names = binding && kinds.forEachPairs.has(binding.type) ? namedChildren(binding) : binding ? [binding] : [];
    for (const n of names) add(f, n, iterable, false, binding?.end ?? f.start);
  }
  if (receiverWrites.size > 0) {
    // `parts << x`: an operator that stores its right side in the receiver.
    for (const b of ctx.nodes.of(...BINARIES(profile))) {
      const left = child(b, fields.binaries.left);
      const right = child(b, fields.binaries.right);
      if (left && kinds.identifiers.has(left.type) && right && receiverWrites.has(ctx.text.slice(left.end, right.start).trim())) add(b, left, right, true);
    }
    // `parts.push(x)`, `cmd.concat(x)`, `b.WriteString(s)`: the value is stored in the receiver.
    for (const c of ctx.nodes.of(...RECEIVER_CALLS(profile))) {
      if (kinds.methodCalls.has(c.type)) {
        const method = child(c, fields.methodCalls.method);
        containerAdd(c, child(c, fields.methodCalls.receiver), method ? textOf(ctx.text, method) : undefined, child(c, fields.methodCalls.arguments));
        continue;
      }
      const fn = child(c, fields.calls.callee);
      const member = fn && kinds.members.has(fn.type) ? fn : undefined;
      const property = member ? child(member, fields.members.property) : undefined;
      containerAdd(c, member ? child(member, fields.members.object) : undefined, property ? textOf(ctx.text, property) : undefined, child(c, fields.calls.arguments));
    }
  }
  // params.each do |key, value| … end: block parameters take the receiver's elements.
  const blockParameters = fields.callBlocks.parameters;
  if (blockParameters) {
    for (const c of ctx.nodes.of(...METHOD_CALLS(profile))) {
      const method = child(c, fields.methodCalls.method);
      const receiver = child(c, fields.methodCalls.receiver);
      const params = child(child(c, fields.methodCalls.block) ?? c, blockParameters);
      if (!method || !receiver || !params || !ITERATORS.test(textOf(ctx.text, method))) continue;
      for (const p of namedChildren(params)) add(c, kinds.identifiers.has(p.type) ? p : undefined, receiver, false, params.end);
    }
  }
  // Spring/JAX-RS parameters bound from the request.
  for (const p of ctx.nodes.of(...PARAMETER_DECLARATIONS(profile))) if (JAVA_SOURCE_ANNOTATION.test(textOf(ctx.text, p))) add(p, child(p, fields.parameterDeclarations.name), p);
  return table;
}


/** The kinds whose value is fixed text, per language: literals and the literal pieces of strings (the constantLiterals role). */
export const LITERALS = (profile: LanguageProfile): ReadonlySet<string> => profile.kinds.constantLiterals;

/** The value of a string literal without interpolation (Go, Java, PHP), else undefined. */
export function stringValueOf(ctx: RuleContext, node: SyntaxNode | undefined): string | undefined {
  if (!node) return undefined;
  const { kinds } = ctx.profile;
  const literals = LITERALS(ctx.profile);
  if (kinds.literalStrings.has(node.type) || (kinds.interpolatedStrings.has(node.type) && namedChildren(node).every((c) => literals.has(c.type)))) {
    const parts = namedChildren(node).filter((c) => kinds.stringTexts.has(c.type) || kinds.escapes.has(c.type));
    // No text pieces of its own (Go strings, raw strings): the text between the quotes.
    if (!parts.some((c) => !kinds.escapes.has(c.type))) {
      const t = textOf(ctx.text, node);
      return t.length >= 2 ? t.slice(1, -1) : '';
    }
    return parts.map((c) => textOf(ctx.text, c)).join('');
  }
  return undefined;
}
