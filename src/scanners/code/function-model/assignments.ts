/**
 * The assignment table of the per-function model: for each function (null = top level) and variable,
 * the values it is given in document order, including loop bindings, compound assignments and values
 * stored into builders and collections.
 */
import { child, enclosingFunction, namedChildren, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import type { RuleContext } from '../rule.js';
import { compilePropagators } from '../taint-propagators.js';
import { JAVA_SOURCE_ANNOTATION } from './sources.js';

/** `append`: adds to what the variable held (`.=`, `+=`, `sb.append(x)`, `map.put(k, x)`) instead of replacing it. */
export type Assignment = { readonly pos: number; readonly value: SyntaxNode | undefined; readonly append?: boolean; readonly at: SyntaxNode; readonly key?: string };

const cache = new WeakMap<SyntaxNode, Map<SyntaxNode | null, Map<string, Assignment[]>>>();

/** Java/Go/Ruby methods that store an argument inside their receiver (builders, collections): the `argument-to-receiver` rows of taint-propagators.ts. */
const CONTAINER_ADDS: Readonly<Record<string, ReadonlySet<string>>> = Object.freeze({
  go: compilePropagators('go').receiverWrites,
  java: compilePropagators('java').receiverWrites,
  ruby: compilePropagators('ruby').receiverWrites,
});
/** PHP functions that store their last argument in the array given first (`array_push($parts, $x)`). */
const PHP_ARRAY_ADDS = compilePropagators('php').receiverWriteFunctions;
const NO_ADDS: ReadonlySet<string> = new Set();
/** Ruby iterators whose block parameters take the receiver's elements. */
const RUBY_ITERATORS = /^(?:each|each_pair|each_with_index|each_value|each_key|map|collect|select|filter|find|detect|each_with_object|flat_map|filter_map)$/;

/** Assignments per function (null = top level), by variable name, in document order. */
export function assignments(ctx: RuleContext): Map<SyntaxNode | null, Map<string, Assignment[]>> {
  const cached = cache.get(ctx.root);
  if (cached) return cached;
  const table = new Map<SyntaxNode | null, Map<string, Assignment[]>>();
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
    const ls = left.type === 'expression_list' ? namedChildren(left) : [left];
    const rs = right.type === 'expression_list' ? namedChildren(right) : [right];
    ls.forEach((l, i) => add(at, l, rs.length === ls.length ? rs[i] : rs[0], append, pos));
  };
  /** `sb.append(a).append(b)`, `map.put(k, v)`, `b.WriteString(s)`: the value is stored in the root receiver. */
  const containerAdd = (call: SyntaxNode, receiver: SyntaxNode | undefined, method: string | undefined, args: SyntaxNode | undefined) => {
    if (!method || !(CONTAINER_ADDS[ctx.language] ?? NO_ADDS).has(method) || !args) return;
    let root = receiver;
    while (root && root.type !== 'identifier') root = root.type === 'method_invocation' ? child(root, 'object') : root.type === 'call_expression' ? child(child(root, 'function') ?? root, 'operand') : root.type === 'call' ? child(root, 'receiver') : undefined;
    const values = namedChildren(args);
    const value = values.at(-1);
    // map.put("key", v): remembered under its constant key, so map.get("other") does not pick it up.
    const key = (method === 'put' || method === 'setProperty') && values.length === 2 ? stringValueOf(ctx, values[0]) : undefined;
    if (root && value) add(call, root, value, true, call.end, key);
  };
  if (ctx.language === 'php') {
    for (const a of ctx.nodes.of('assignment_expression', 'augmented_assignment_expression')) pairs(child(a, 'left'), child(a, 'right'), a);
    // `$parts[] = $x` appends to `$parts`; `array_push($parts, $x)` too.
    for (const a of ctx.nodes.of('assignment_expression')) {
      const left = child(a, 'left');
      const target = left?.type === 'subscript_expression' && /\[\s*\]$/.test(textOf(ctx.text, left)) ? namedChildren(left)[0] : undefined;
      if (target?.type === 'variable_name') add(a, target, child(a, 'right'), true);
    }
    for (const c of ctx.nodes.of('function_call_expression')) {
      const fn = child(c, 'function');
      if (!fn || !PHP_ARRAY_ADDS.has(textOf(ctx.text, fn).replace(/^\\/, ''))) continue;
      const args = namedChildren(child(c, 'arguments') ?? c).map((x) => (x.type === 'argument' ? (namedChildren(x)[0] ?? x) : x));
      const target = args[0];
      if (target?.type === 'variable_name' && args.length > 1) add(c, target, args.at(-1), true);
    }
    // foreach ($rows as $k => $v): key and value come from the iterated expression.
    for (const f of ctx.nodes.of('foreach_statement')) {
      const [iterable, binding] = namedChildren(f);
      const names = binding?.type === 'pair' ? namedChildren(binding) : binding ? [binding] : [];
      for (const n of names) add(f, n, iterable, false, binding?.end ?? f.start);
    }
  } else if (ctx.language === 'go') {
    for (const a of ctx.nodes.of('short_var_declaration', 'assignment_statement')) pairs(child(a, 'left'), child(a, 'right'), a);
    for (const v of ctx.nodes.of('var_spec')) pairs(child(v, 'name'), child(v, 'value'), v);
    for (const r of ctx.nodes.of('range_clause')) pairs(child(r, 'left'), child(r, 'right'), r);
    for (const c of ctx.nodes.of('call_expression')) {
      const fn = child(c, 'function');
      const field = fn?.type === 'selector_expression' ? child(fn, 'field') : undefined;
      containerAdd(c, fn?.type === 'selector_expression' ? child(fn, 'operand') : undefined, field ? textOf(ctx.text, field) : undefined, child(c, 'arguments'));
    }
  } else if (ctx.language === 'java') {
    for (const d of ctx.nodes.of('variable_declarator')) add(d, child(d, 'name'), child(d, 'value'));
    for (const a of ctx.nodes.of('assignment_expression')) pairs(child(a, 'left'), child(a, 'right'), a);
    for (const f of ctx.nodes.of('enhanced_for_statement')) add(f, child(f, 'name'), child(f, 'value'), false, child(f, 'value')?.end ?? f.start);
    for (const m of ctx.nodes.of('method_invocation')) {
      const name = child(m, 'name');
      containerAdd(m, child(m, 'object'), name ? textOf(ctx.text, name) : undefined, child(m, 'arguments'));
    }
    // Spring/JAX-RS parameters bound from the request.
    for (const p of ctx.nodes.of('formal_parameter')) if (JAVA_SOURCE_ANNOTATION.test(textOf(ctx.text, p))) add(p, child(p, 'name'), p);
  } else if (ctx.language === 'ruby') {
    for (const a of ctx.nodes.of('assignment', 'operator_assignment')) pairs(child(a, 'left'), child(a, 'right'), a);
    // `parts << x`, `parts.push(x)`, `cmd.concat(x)`: the value is stored in the receiver.
    for (const b of ctx.nodes.of('binary')) {
      const left = child(b, 'left');
      const right = child(b, 'right');
      if (left?.type === 'identifier' && right && ctx.text.slice(left.end, right.start).trim() === '<<' && (CONTAINER_ADDS.ruby ?? NO_ADDS).has('<<')) add(b, left, right, true);
    }
    for (const c of ctx.nodes.of('call')) {
      const method = child(c, 'method');
      containerAdd(c, child(c, 'receiver'), method ? textOf(ctx.text, method) : undefined, child(c, 'arguments'));
    }
    // params.each do |key, value| … end: block parameters take the receiver's elements.
    for (const c of ctx.nodes.of('call')) {
      const method = child(c, 'method');
      const receiver = child(c, 'receiver');
      const params = child(child(c, 'block') ?? c, 'parameters');
      if (!method || !receiver || !params || !RUBY_ITERATORS.test(textOf(ctx.text, method))) continue;
      for (const p of namedChildren(params)) add(c, p.type === 'identifier' ? p : undefined, receiver, false, params.end);
    }
  }
  cache.set(ctx.root, table);
  return table;
}


export const LITERALS = new Set(['simple_symbol', 'hash_key_symbol', 'constant', 'string', 'string_literal', 'interpreted_string_literal', 'raw_string_literal', 'integer', 'int_literal', 'float', 'float_literal', 'decimal_integer_literal', 'boolean', 'true', 'false', 'null', 'nil', 'nowdoc', 'character_literal', 'string_content', 'string_fragment', 'escape_sequence', 'string_value']);

/** The value of a string literal without interpolation (Go, Java, PHP), else undefined. */
export function stringValueOf(ctx: RuleContext, node: SyntaxNode | undefined): string | undefined {
  if (!node) return undefined;
  const t = textOf(ctx.text, node);
  if (node.type === 'raw_string_literal') return t.slice(1, -1);
  if (node.type === 'interpreted_string_literal' || node.type === 'string_literal' || node.type === 'string' || (node.type === 'encapsed_string' && namedChildren(node).every((c) => LITERALS.has(c.type)))) {
    const parts = namedChildren(node).filter((c) => c.type === 'string_content' || c.type === 'string_fragment' || c.type === 'string_value' || c.type === 'escape_sequence');
    if (node.type === 'interpreted_string_literal' || !parts.some((c) => c.type !== 'escape_sequence')) return t.length >= 2 ? t.slice(1, -1) : '';
    return parts.map((c) => textOf(ctx.text, c)).join('');
  }
  return undefined;
}
