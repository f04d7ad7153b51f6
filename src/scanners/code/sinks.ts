/**
 * The value helpers of the JavaScript/TypeScript and Python engine (taint.ts): flows into sink
 * arguments, dynamically built strings, constant text, literal true/false. Rules reach them through
 * helpers.ts, which dispatches per language; only engine code imports this module directly.
 */
import { callShape, child, isLiteral, namedChildren, stringValue, textOf, unwrap } from './ast.js';
import type { SyntaxNode } from './parser.js';
import { truthy, UNKNOWN } from './constants.js';
import type { Match, QualifiedCall, RuleContext } from './rule.js';
import type { SinkKind } from './taint-spec.js';

/** Calls whose result is a number, a boolean or a random value, whatever their arguments. */
const NUMERIC_CALLS = /^(?:Number|parseInt|parseFloat|Number\.\w+|Math\.\w+|Boolean|isNaN|isFinite|Date\.now|crypto\.randomInt|int|float|bool|len|abs|round|ord|hash|math\.\w+|time\.time|Integer\.parseInt|Long\.parseLong)$/;
const NUMERIC_METHODS = new Set(['toFixed', 'toPrecision', 'getTime', 'valueOf', 'indexOf', 'count', 'randint', 'randrange', 'random', 'uniform', 'randbelow', 'bit_length']);
/** Random values: a captcha or a jitter built from them is not attacker data. */
const RANDOM_CALLS = /^(?:random|secrets)\.\w+$|^Math\.random$/;
const CONSTANT_NAME = /^[A-Z][A-Z0-9_]*$/;

/**
 * Whether an expression can only hold values an attacker does not choose: literals, module
 * constants (`UPPER_CASE`), numbers (`Number(x)`, `+x`, `parseInt`, `int()`, `len()`), random
 * values, entries of a constant lookup table (`OPS[i]`, `TABLE[x]`), variables that passed an
 * allow-list check, and strings or arithmetic built only from these.
 */
export function isHarmless(ctx: RuleContext, node: SyntaxNode | undefined, depth = 0): boolean {
  if (!node || depth > 8) return false;
  const n = unwrap(node, ctx.profile);
  if (isLiteral(ctx.text, n, ctx.profile)) return true;
  // Read by a constant index or key from a list or map filled here: harmless when every value stored there is.
  if (['subscript', 'subscript_expression', 'call', 'call_expression'].includes(n.type)) {
    const stored = ctx.taint.storedValues(n);
    if (stored) return stored.every((v) => isHarmless(ctx, v, depth + 1));
  }
  switch (n.type) {
    case 'number':
    case 'integer':
    case 'float':
    case 'true':
    case 'false':
    case 'none':
    case 'null':
      return true;
    case 'identifier': {
      const name = textOf(ctx.text, n);
      if (CONSTANT_NAME.test(name) || ctx.taint.isChecked(n)) return true;
      const defs = ctx.taint.reachingDefinitionsOf(n);
      return defs.length > 0 && defs.every((d) => isHarmless(ctx, d, depth + 1));
    }
    case 'unary_expression': {
      const op = textOf(ctx.text, n).trimStart()[0];
      return op === '+' || op === '-' || op === '!' || op === '~' || textOf(ctx.text, n).startsWith('typeof') || isHarmless(ctx, child(n, 'argument'), depth + 1);
    }
    case 'not_operator':
      return true;
    case 'unary_operator':
      return isHarmless(ctx, child(n, 'argument'), depth + 1);
    case 'binary_expression':
    case 'binary_operator':
    case 'boolean_operator':
      // Same depth: a long concatenation (`a + op + b + op2 + c`) nests deeply but cannot loop.
      return isHarmless(ctx, child(n, 'left'), depth) && isHarmless(ctx, child(n, 'right'), depth);
    case 'ternary_expression': {
      const taken = branchTaken(ctx, child(n, 'condition'));
      if (taken !== undefined) return isHarmless(ctx, child(n, taken ? 'consequence' : 'alternative'), depth + 1);
      return isHarmless(ctx, child(n, 'consequence'), depth + 1) && isHarmless(ctx, child(n, 'alternative'), depth + 1);
    }
    case 'conditional_expression': {
      const parts = namedChildren(n);
      const taken = branchTaken(ctx, parts[1]);
      if (taken !== undefined) return isHarmless(ctx, parts[taken ? 0 : 2], depth + 1);
      return isHarmless(ctx, parts[0], depth + 1) && isHarmless(ctx, parts[2], depth + 1);
    }
    case 'template_string':
      return n.children.every((c) => c.type !== 'template_substitution' || isHarmless(ctx, namedChildren(c)[0], depth + 1));
    case 'string':
      return n.children.every((c) => c.type !== 'interpolation' || isHarmless(ctx, child(c, 'expression') ?? namedChildren(c)[0], depth + 1));
    case 'array':
    case 'list':
    case 'tuple':
    case 'object':
    case 'dictionary':
      return namedChildren(n).every((c) => (c.type === 'pair' ? isHarmless(ctx, child(c, 'value'), depth + 1) : isHarmless(ctx, c, depth + 1)));
    case 'subscript_expression':
    case 'subscript':
      // An entry of a constant table: whatever the index, the value is one of the table's.
      return isHarmless(ctx, child(n, 'object') ?? child(n, 'value'), depth + 1);
    case 'member_expression':
    case 'attribute': {
      const prop = child(n, 'property') ?? child(n, 'attribute');
      return (prop !== undefined && ['length', 'size'].includes(textOf(ctx.text, prop))) || isHarmless(ctx, child(n, 'object'), depth + 1);
    }
    case 'call':
    case 'call_expression': {
      const call = callShape(ctx.text, n, ctx.profile);
      if (!call) return false;
      const q = ctx.imports.qualify(call.name);
      if (NUMERIC_CALLS.test(q) || NUMERIC_CALLS.test(call.name)) return true;
      if (call.receiver && NUMERIC_METHODS.has(call.method) && (RANDOM_CALLS.test(q) || call.method !== 'random')) return true;
      if (RANDOM_CALLS.test(q) || ['str', 'String', 'repr', 'toString', 'join', 'format'].includes(call.method || call.name)) {
        return (!call.receiver || RANDOM_CALLS.test(q) || isHarmless(ctx, call.receiver, depth + 1)) && [...call.args, ...call.kwargs.values()].every((a) => isHarmless(ctx, a, depth + 1));
      }
      return false;
    }
    default:
      return false;
  }
}

/** Which way a condition always goes (`7 * 18 + num > 200` with `num = 106`), or undefined. */
function branchTaken(ctx: RuleContext, condition: SyntaxNode | undefined): boolean | undefined {
  const v = ctx.taint.constantOf(condition);
  if (v === UNKNOWN) return undefined;
  return truthy(v, ctx.language === 'python');
}

/** A string literal, template, `'…' % args`, `'…'.format(…)` or a `+` of such: text, whatever its parts. */
function isStringValued(ctx: RuleContext, node: SyntaxNode, depth = 0): boolean {
  const n = unwrap(node, ctx.profile);
  if (['string', 'template_string', 'concatenated_string'].includes(n.type)) return true;
  if (depth > 3) return false;
  if (n.type === 'binary_operator' || n.type === 'binary_expression') {
    const left = child(n, 'left');
    const right = child(n, 'right');
    if (!left || !right) return false;
    const op = ctx.text.slice(left.end, right.start).trim();
    if (op === '%') return unwrap(left, ctx.profile).type === 'string';
    return op === '+' && (isStringValued(ctx, left, depth + 1) || isStringValued(ctx, right, depth + 1));
  }
  if (n.type === 'call') {
    const call = callShape(ctx.text, n, ctx.profile);
    return call?.method === 'format' && call.receiver !== undefined && unwrap(call.receiver, ctx.profile).type === 'string';
  }
  return false;
}

/**
 * Whether an expression is a string assembled at run time from non-constant
 * parts (template with substitutions, `+` concatenation, f-string, `%`,
 * `.format`), following an identifier to its last assignment.
 */
export function isDynamicString(ctx: RuleContext, node: SyntaxNode | undefined, depth = 0): boolean {
  if (!node || depth > 3) return false;
  const n = unwrap(node, ctx.profile);
  switch (n.type) {
    case 'identifier': {
      const defs = ctx.taint.definitionsOf(n);
      return defs.some((d, i) => isDynamicString(ctx, d, depth + 1) || (i > 0 && !isHarmless(ctx, d)));
    }
    case 'template_string':
      return n.children.some((c) => c.type === 'template_substitution' && !isHarmless(ctx, namedChildren(c)[0]));
    case 'string':
      return n.children.some((c) => c.type === 'interpolation' && !isHarmless(ctx, child(c, 'expression') ?? namedChildren(c)[0]));
    case 'binary_expression':
    case 'binary_operator': {
      const left = child(n, 'left');
      const right = child(n, 'right');
      if (!left || !right) return false;
      const op = ctx.text.slice(left.end, right.start).trim();
      const stringy = (x: SyntaxNode) => isStringValued(ctx, x) || isDynamicString(ctx, x, depth + 1);
      if (op === '+') return (stringy(left) || stringy(right)) && (!isHarmless(ctx, left) || !isHarmless(ctx, right));
      if (op === '%' && ctx.language === 'python') return unwrap(left, ctx.profile).type === 'string' && !isHarmless(ctx, right);
      return false;
    }
    case 'call': {
      const call = callShape(ctx.text, n, ctx.profile);
      return call?.method === 'format' && call.receiver !== undefined && unwrap(call.receiver, ctx.profile).type === 'string' && [...call.args, ...call.kwargs.values()].some((a) => !isHarmless(ctx, a));
    }
    default:
      return false;
  }
}

/**
 * A sink argument: reported with the flow when request data reaches it, or as
 * a pattern match (lower confidence) when `pattern` says the shape alone is risky.
 */
export function sinkMatch(ctx: RuleContext, sink: SyntaxNode, arg: SyntaxNode | undefined, pattern: boolean | ((arg: SyntaxNode) => boolean), what: string, kind: SinkKind): Match | undefined {
  if (!arg) return undefined;
  const taint = ctx.taint.taintOf(arg, kind);
  if (taint) return { node: sink, taint, detail: `Request data from ${ctx.taint.describe(taint)} reaches ${what}.` };
  const isPattern = typeof pattern === 'function' ? pattern(arg) : pattern;
  if (isPattern) return { node: sink, unproven: true, detail: `${what[0]?.toUpperCase() ?? ''}${what.slice(1)} is built at run time from values not proven constant.` };
  return undefined;
}

/** The value of a keyword argument (Python) or of a property of an options object argument (JS). */
export function option(ctx: RuleContext, call: QualifiedCall, name: string): SyntaxNode | undefined {
  const kw = call.kwargs.get(name);
  if (kw) return kw;
  for (const arg of call.args) {
    const a = unwrap(arg, ctx.profile);
    if (a.type !== 'object') continue;
    for (const p of namedChildren(a)) {
      if (p.type !== 'pair') continue;
      const k = child(p, 'key');
      if (k && (textOf(ctx.text, k) === name || stringValue(ctx.text, k, ctx.profile) === name)) return child(p, 'value');
    }
  }
  return undefined;
}

export const isFalse = (ctx: RuleContext, node: SyntaxNode | undefined): boolean => !!node && ['false', 'False', '0', "'0'", '"0"'].includes(textOf(ctx.text, unwrap(node, ctx.profile)));
export const isTrue = (ctx: RuleContext, node: SyntaxNode | undefined): boolean => !!node && ['true', 'True', '1'].includes(textOf(ctx.text, unwrap(node, ctx.profile)));

/** The constant text inside a (possibly dynamic) string expression, following identifiers once. */
export function literalText(ctx: RuleContext, node: SyntaxNode | undefined, depth = 0): string {
  if (!node || depth > 3) return '';
  const n = unwrap(node, ctx.profile);
  const value = stringValue(ctx.text, n, ctx.profile);
  if (value !== undefined) return value;
  switch (n.type) {
    case 'identifier':
      return ctx.taint
        .definitionsOf(n)
        .map((d) => literalText(ctx, d, depth + 1))
        .join(' ');
    case 'template_string':
    case 'string':
      return n.children
        .filter((c) => c.type === 'string_fragment' || c.type === 'string_content')
        .map((c) => textOf(ctx.text, c))
        .join(' ');
    case 'binary_expression':
    case 'binary_operator':
      // Same depth: the operands of a long concatenation are bounded by the syntax tree.
      return `${literalText(ctx, child(n, 'left'), depth)} ${literalText(ctx, child(n, 'right'), depth)}`;
    case 'call': {
      const call = callShape(ctx.text, n, ctx.profile);
      return call?.receiver ? literalText(ctx, call.receiver, depth + 1) : '';
    }
    default:
      return '';
  }
}

/** The first positional argument, or a keyword argument (Python) by name. */
export const argument = (call: QualifiedCall, index: number, keyword?: string): SyntaxNode | undefined => call.args[index] ?? (keyword ? call.kwargs.get(keyword) : undefined);

/** Sources seen in the browser (location, document): not server input. */
export const isClientSource = (source: string): boolean => /^(?:window\.|document\.)?location\b|^document\./.test(source);

/** The constant string value of an argument, if it is one. */
export const stringArg = (ctx: RuleContext, node: SyntaxNode | undefined): string | undefined => stringValue(ctx.text, node, ctx.profile);

/** The constant text an expression starts with (template head, leftmost `+` operand, f-string head), following identifiers once. */
export function leadingConstant(ctx: RuleContext, node: SyntaxNode | undefined, depth = 0): string {
  if (!node || depth > 3) return '';
  const n = unwrap(node, ctx.profile);
  const value = stringValue(ctx.text, n, ctx.profile);
  if (value !== undefined) return value;
  switch (n.type) {
    case 'identifier': {
      const def = ctx.taint.definitionOf(n);
      return def ? leadingConstant(ctx, def, depth + 1) : '';
    }
    case 'template_string':
    case 'string': {
      let head = '';
      for (const c of n.children) {
        if (c.type === 'string_fragment' || c.type === 'string_content' || c.type === 'escape_sequence') head += textOf(ctx.text, c);
        else if (c.type === 'template_substitution' || c.type === 'interpolation') break;
      }
      return head;
    }
    case 'binary_expression':
    case 'binary_operator':
      return leadingConstant(ctx, child(n, 'left'), depth + 1);
    default:
      return '';
  }
}

/**
 * Whether a URL expression starts with a fixed origin or a local path (`/account/…`, `https://api.example.com/…`),
 * so whatever follows cannot change where it points.
 */
export const hasFixedOrigin = (ctx: RuleContext, node: SyntaxNode | undefined, prefix?: RegExp): boolean => /^\/[^/\\]|^[a-z][a-z0-9+.-]*:\/\/[^/?#]+[/?#]/i.test(prefix ? leadingConstant(ctx, node).replace(prefix, '') : leadingConstant(ctx, node));
