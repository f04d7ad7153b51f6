/**
 * The value helpers of the JavaScript/TypeScript and Python engine (taint.ts): flows into sink
 * arguments, dynamically built strings, constant text, literal true/false. Rules reach them through
 * helpers.ts, which dispatches per language; only engine code imports this module directly.
 */
import { callShape, child, isLiteral, namedChildren, stringValue, textOf, unwrap } from './ast.js';
import { roleSwitch, type LanguageProfile } from './language-profile.js';
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

/** The syntax isHarmless reads, by role of the node's kind. */
const HARMLESS_ROLES = roleSwitch([
  'numbers',
  'trueLiterals',
  'falseLiterals',
  'nullLiterals',
  'identifiers',
  'unaries',
  'negations',
  'binaries',
  'booleanOperators',
  'ternaries',
  'inlineIfs',
  'templates',
  'strings',
  'lists',
  'tuples',
  'maps',
  'subscripts',
  'members',
  'calls',
] as const);
/** The syntax of strings built at run time (isDynamicString, literalText, leadingConstant). */
const STRING_ROLES = roleSwitch(['identifiers', 'templates', 'strings', 'binaries', 'stringMethodCalls'] as const);

/** The expression inside `${…}` or an f-string's `{…}`. */
const interpolated = (c: SyntaxNode, profile: LanguageProfile): SyntaxNode | undefined => child(c, profile.fields.interpolations.value) ?? namedChildren(c)[0];

/** `+x`, `typeof x`, `!x`: a number or boolean whatever x is (the profile's coercingUnaryOperators). */
function coerces(text: string, node: SyntaxNode, profile: LanguageProfile): boolean {
  const expression = textOf(text, node).trimStart();
  for (const op of profile.coercingUnaryOperators) if (expression.startsWith(op)) return true;
  return false;
}

/**
 * Whether an expression can only hold values an attacker does not choose: literals, module
 * constants (`UPPER_CASE`), numbers (`Number(x)`, `+x`, `parseInt`, `int()`, `len()`), random
 * values, entries of a constant lookup table (`OPS[i]`, `TABLE[x]`), variables that passed an
 * allow-list check, and strings or arithmetic built only from these.
 */
export function isHarmless(ctx: RuleContext, node: SyntaxNode | undefined, depth = 0): boolean {
  if (!node || depth > 8) return false;
  const { profile } = ctx;
  const { kinds, fields } = profile;
  const n = unwrap(node, profile);
  if (isLiteral(ctx.text, n, profile)) return true;
  const role = HARMLESS_ROLES(profile).get(n.type);
  // Read by a constant index or key from a list or map filled here: harmless when every value stored there is.
  if (role === 'subscripts' || role === 'calls') {
    const stored = ctx.taint.storedValues(n);
    if (stored) return stored.every((v) => isHarmless(ctx, v, depth + 1));
  }
  switch (role) {
    case 'numbers':
    case 'trueLiterals':
    case 'falseLiterals':
    case 'nullLiterals':
      return true;
    case 'identifiers': {
      const name = textOf(ctx.text, n);
      if (CONSTANT_NAME.test(name) || ctx.taint.isChecked(n)) return true;
      const defs = ctx.taint.reachingDefinitionsOf(n);
      return defs.length > 0 && defs.every((d) => isHarmless(ctx, d, depth + 1));
    }
    case 'unaries':
      return coerces(ctx.text, n, profile) || isHarmless(ctx, child(n, fields.unaries.argument), depth + 1);
    case 'negations':
      return true;
    case 'binaries':
    case 'booleanOperators': {
      const f = role === 'binaries' ? fields.binaries : fields.booleanOperators;
      // Same depth: a long concatenation (`a + op + b + op2 + c`) nests deeply but cannot loop.
      return isHarmless(ctx, child(n, f.left), depth) && isHarmless(ctx, child(n, f.right), depth);
    }
    case 'ternaries': {
      const f = fields.ternaries;
      const taken = branchTaken(ctx, child(n, f.condition));
      if (taken !== undefined) return isHarmless(ctx, child(n, taken ? f.consequence : f.alternative), depth + 1);
      return isHarmless(ctx, child(n, f.consequence), depth + 1) && isHarmless(ctx, child(n, f.alternative), depth + 1);
    }
    case 'inlineIfs': {
      const parts = namedChildren(n);
      const taken = branchTaken(ctx, parts[1]);
      if (taken !== undefined) return isHarmless(ctx, parts[taken ? 0 : 2], depth + 1);
      return isHarmless(ctx, parts[0], depth + 1) && isHarmless(ctx, parts[2], depth + 1);
    }
    case 'templates':
    case 'strings':
      return n.children.every((c) => !kinds.interpolations.has(c.type) || isHarmless(ctx, interpolated(c, profile), depth + 1));
    case 'lists':
    case 'tuples':
    case 'maps':
      return namedChildren(n).every((c) => (kinds.pairs.has(c.type) ? isHarmless(ctx, child(c, fields.pairs.value), depth + 1) : isHarmless(ctx, c, depth + 1)));
    case 'subscripts':
      // An entry of a constant table: whatever the index, the value is one of the table's.
      return isHarmless(ctx, child(n, fields.subscripts.object), depth + 1);
    case 'members': {
      const prop = child(n, fields.members.property);
      return (prop !== undefined && ['length', 'size'].includes(textOf(ctx.text, prop))) || isHarmless(ctx, child(n, fields.members.object), depth + 1);
    }
    case 'calls': {
      const call = callShape(ctx.text, n, profile);
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

/** A `'…'.format(…)` call (the profile's stringMethodCalls) on a quoted string literal, else undefined. */
function formatCall(ctx: RuleContext, n: SyntaxNode): ReturnType<typeof callShape> {
  if (!ctx.profile.kinds.stringMethodCalls.has(n.type)) return undefined;
  const call = callShape(ctx.text, n, ctx.profile);
  return call?.method === 'format' && call.receiver !== undefined && ctx.profile.kinds.strings.has(unwrap(call.receiver, ctx.profile).type) ? call : undefined;
}

/** A string literal, template, `'…' % args`, `'…'.format(…)` or a `+` of such: text, whatever its parts. */
function isStringValued(ctx: RuleContext, node: SyntaxNode, depth = 0): boolean {
  const { profile } = ctx;
  const { kinds, fields } = profile;
  const n = unwrap(node, profile);
  if (kinds.strings.has(n.type) || kinds.templates.has(n.type) || kinds.concatenatedStrings.has(n.type)) return true;
  if (depth > 3) return false;
  if (kinds.binaries.has(n.type)) {
    const left = child(n, fields.binaries.left);
    const right = child(n, fields.binaries.right);
    if (!left || !right) return false;
    const op = ctx.text.slice(left.end, right.start).trim();
    if (op === '%') return kinds.strings.has(unwrap(left, profile).type);
    return op === '+' && (isStringValued(ctx, left, depth + 1) || isStringValued(ctx, right, depth + 1));
  }
  return formatCall(ctx, n) !== undefined;
}

/**
 * Whether an expression is a string assembled at run time from non-constant
 * parts (template with substitutions, `+` concatenation, f-string, `%`,
 * `.format`), following an identifier to its last assignment.
 */
export function isDynamicString(ctx: RuleContext, node: SyntaxNode | undefined, depth = 0): boolean {
  if (!node || depth > 3) return false;
  const { profile } = ctx;
  const { kinds, fields } = profile;
  const n = unwrap(node, profile);
  switch (STRING_ROLES(profile).get(n.type)) {
    case 'identifiers': {
      const defs = ctx.taint.definitionsOf(n);
      return defs.some((d, i) => isDynamicString(ctx, d, depth + 1) || (i > 0 && !isHarmless(ctx, d)));
    }
    case 'templates':
    case 'strings':
      return n.children.some((c) => kinds.interpolations.has(c.type) && !isHarmless(ctx, interpolated(c, profile)));
    case 'binaries': {
      const left = child(n, fields.binaries.left);
      const right = child(n, fields.binaries.right);
      if (!left || !right) return false;
      const op = ctx.text.slice(left.end, right.start).trim();
      const stringy = (x: SyntaxNode) => isStringValued(ctx, x) || isDynamicString(ctx, x, depth + 1);
      if (op === '+') return (stringy(left) || stringy(right)) && (!isHarmless(ctx, left) || !isHarmless(ctx, right));
      if (op === profile.formatOperator) return kinds.strings.has(unwrap(left, profile).type) && !isHarmless(ctx, right);
      return false;
    }
    case 'stringMethodCalls': {
      const call = formatCall(ctx, n);
      return call !== undefined && [...call.args, ...call.kwargs.values()].some((a) => !isHarmless(ctx, a));
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
  const { kinds, fields } = ctx.profile;
  for (const arg of call.args) {
    const a = unwrap(arg, ctx.profile);
    if (!kinds.optionObjects.has(a.type)) continue;
    for (const p of namedChildren(a)) {
      if (!kinds.pairs.has(p.type)) continue;
      const k = child(p, fields.pairs.key);
      if (k && (textOf(ctx.text, k) === name || stringValue(ctx.text, k, ctx.profile) === name)) return child(p, fields.pairs.value);
    }
  }
  return undefined;
}

export const isFalse = (ctx: RuleContext, node: SyntaxNode | undefined): boolean => !!node && ['false', 'False', '0', "'0'", '"0"'].includes(textOf(ctx.text, unwrap(node, ctx.profile)));
export const isTrue = (ctx: RuleContext, node: SyntaxNode | undefined): boolean => !!node && ['true', 'True', '1'].includes(textOf(ctx.text, unwrap(node, ctx.profile)));

/** The constant text inside a (possibly dynamic) string expression, following identifiers once. */
export function literalText(ctx: RuleContext, node: SyntaxNode | undefined, depth = 0): string {
  if (!node || depth > 3) return '';
  const { profile } = ctx;
  const { kinds, fields } = profile;
  const n = unwrap(node, profile);
  const value = stringValue(ctx.text, n, profile);
  if (value !== undefined) return value;
  switch (STRING_ROLES(profile).get(n.type)) {
    case 'identifiers':
      return ctx.taint
        .definitionsOf(n)
        .map((d) => literalText(ctx, d, depth + 1))
        .join(' ');
    case 'templates':
    case 'strings':
      return n.children
        .filter((c) => kinds.stringTexts.has(c.type))
        .map((c) => textOf(ctx.text, c))
        .join(' ');
    case 'binaries':
      // Same depth: the operands of a long concatenation are bounded by the syntax tree.
      return `${literalText(ctx, child(n, fields.binaries.left), depth)} ${literalText(ctx, child(n, fields.binaries.right), depth)}`;
    case 'stringMethodCalls': {
      // `'SELECT … {}'.format(x)`, `q.strip()`: the text of the string the method runs on.
      const call = callShape(ctx.text, n, profile);
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
  const { profile } = ctx;
  const { kinds, fields } = profile;
  const n = unwrap(node, profile);
  const value = stringValue(ctx.text, n, profile);
  if (value !== undefined) return value;
  switch (STRING_ROLES(profile).get(n.type)) {
    case 'identifiers': {
      const def = ctx.taint.definitionOf(n);
      return def ? leadingConstant(ctx, def, depth + 1) : '';
    }
    case 'templates':
    case 'strings': {
      let head = '';
      for (const c of n.children) {
        if (kinds.stringTexts.has(c.type) || kinds.escapes.has(c.type)) head += textOf(ctx.text, c);
        else if (kinds.interpolations.has(c.type)) break;
      }
      return head;
    }
    case 'binaries':
      return leadingConstant(ctx, child(n, fields.binaries.left), depth + 1);
    default:
      return '';
  }
}

/**
 * Whether a URL expression starts with a fixed origin or a local path (`/account/…`, `https://api.example.com/…`),
 * so whatever follows cannot change where it points.
 */
export const hasFixedOrigin = (ctx: RuleContext, node: SyntaxNode | undefined, prefix?: RegExp): boolean => /^\/[^/\\]|^[a-z][a-z0-9+.-]*:\/\/[^/?#]+[/?#]/i.test(prefix ? leadingConstant(ctx, node).replace(prefix, '') : leadingConstant(ctx, node));

/** A template source file: in a `templates` directory, or with a template engine's extension. */
const TEMPLATE_FILE = /(?:^|[/\\])templates?(?:[/\\]|$)|\.(?:j2|jinja2?|tpl|twig|mustache|hbs|handlebars|ejs|pug|jade|erb|mako|liquid|njk)$/i;
/** Python calls that open a file, with the positional index and keyword of its mode. */
const FILE_OPENERS = new Set(['open', 'io.open', 'codecs.open']);

/** The constant text pieces of a path expression (every string in it, following variables twice). */
function pathPieces(ctx: RuleContext, node: SyntaxNode | undefined, depth = 0): string[] {
  if (!node || depth > 2) return [];
  const { kinds } = ctx.profile;
  const n = unwrap(node, ctx.profile);
  if (kinds.identifiers.has(n.type)) return ctx.taint.definitionsOf(n).flatMap((d) => pathPieces(ctx, d, depth + 1));
  const value = stringValue(ctx.text, n, ctx.profile);
  if (value !== undefined) return [value];
  if (kinds.stringTexts.has(n.type)) return [textOf(ctx.text, n)];
  return namedChildren(n).flatMap((c) => pathPieces(ctx, c, depth));
}

/**
 * Whether a `write` call writes to a template source file (Python): its receiver is (or a variable
 * assigned) `open(path, mode)` with a writing mode and a path in a `templates` directory or with a
 * template extension. Text written there is compiled by the template engine when the page renders
 * (stored server-side template injection).
 */
export function writesTemplateFile(ctx: RuleContext, call: QualifiedCall): boolean {
  if (!call.receiver) return false;
  const receiver = unwrap(call.receiver, ctx.profile);
  const values = ctx.profile.kinds.identifiers.has(receiver.type) ? ctx.taint.definitionsOf(receiver) : [receiver];
  return values.some((v) => {
    const opened = ctx.calls.find((c) => c.node === unwrap(v, ctx.profile));
    if (!opened || !FILE_OPENERS.has(opened.name)) return false;
    const mode = stringValue(ctx.text, opened.args[1] ?? opened.kwargs.get('mode'), ctx.profile);
    return mode !== undefined && /[wax+]/.test(mode) && pathPieces(ctx, opened.args[0] ?? opened.kwargs.get('file')).some((t) => TEMPLATE_FILE.test(t));
  });
}
